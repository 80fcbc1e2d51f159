/**
 * The one test suite of the store seam (src/state/video-store.ts), run against every store:
 * memory, SQLite and PostgreSQL (./stores.test.ts). What a store must do is said once, here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newRecord } from '../../src/state/record.js';
import type { UploadInProgress } from '../../src/state/uploads-in-progress.js';
import type { VideoStore } from '../../src/state/video-store.js';

/** Opens a fresh, empty store; `second` opens another handle on the same state (another process's view where the store is shared). */
export interface StoreFixture {
  open(): Promise<{ store: VideoStore; second?: () => VideoStore }>;
}

const video = (key: string, title = key) =>
  newRecord(key, { title, projectKey: 'p', owner: 'mock-token' }, 1000);

export function describeVideoStore(name: string, fixture: StoreFixture): void {
  describe(`the ${name} store`, () => {
    it('reads what putMany stored, lists it in insertion order, and knows no other key', async () => {
      const { store } = await fixture.open();
      expect(await store.get('v-0001')).toBeUndefined();
      await store.putMany([video('b', 'second'), video('a', 'first')]);
      expect(await store.get('a')).toEqual(video('a', 'first'));
      // A store that reads synchronously reads the same without a promise.
      if (store.peek)
        expect([store.peek('a'), store.peek('v-0001')]).toEqual([video('a', 'first'), undefined]);
      expect((await store.list()).map((record) => record.key)).toEqual(['b', 'a']);
      await store.putMany([video('b', 'replaced')]);
      expect((await store.get('b'))?.title).toBe('replaced');
      expect((await store.list()).map((record) => record.key)).toEqual(['b', 'a']);
      await store.close();
    });

    it('update stores what the change returns, as one step, and stores nothing when it throws', async () => {
      const { store } = await fixture.open();
      await store.putMany([video('k')]);
      const next = await store.update('k', (current) => ({ ...current, customFields: { tier: 'gold' } }));
      expect(next?.customFields).toEqual({ tier: 'gold' });
      expect((await store.get('k'))?.customFields).toEqual({ tier: 'gold' });
      const refusal = new Error('guard');
      await expect(
        store.update('k', () => {
          throw refusal;
        }),
      ).rejects.toBe(refusal);
      expect((await store.get('k'))?.customFields).toEqual({ tier: 'gold' });
      let called = false;
      expect(
        await store.update('missing', (current) => {
          called = true;
          return current;
        }),
      ).toBeUndefined();
      expect(called).toBe(false);
      expect(await store.update('k', (current) => current)).toEqual(await store.get('k'));
      await store.close();
    });

    it('gives keys v-0001, v-0002, … skipping keys a seed took, and never one twice', async () => {
      const { store } = await fixture.open();
      await store.putMany([video('v-0002'), video('v-0004')]);
      expect(await store.nextKeys(3)).toEqual(['v-0001', 'v-0003', 'v-0005']);
      const batches = await Promise.all(Array.from({ length: 20 }, () => store.nextKeys(5)));
      const keys = batches.flat();
      expect(new Set(keys).size).toBe(100);
      expect(keys).not.toContain('v-0002');
      expect(await store.nextKeys(0)).toEqual([]);
      await store.close();
    });

    it('keeps definitions and the clock offset; clear forgets videos, definitions and keys but not the clock', async () => {
      const { store } = await fixture.open();
      expect(await store.getDefinitions()).toEqual([]);
      expect(await store.getClockOffset()).toBe(0);
      await store.setDefinitions([{ name: 'tier', kind: 'string' }]);
      await store.setClockOffset(60_000);
      await store.putMany([video('x')]);
      await store.nextKeys(3);
      expect(await store.getDefinitions()).toEqual([{ name: 'tier', kind: 'string' }]);
      await store.clear();
      expect(await store.list()).toEqual([]);
      expect(await store.getDefinitions()).toEqual([]);
      expect(await store.getClockOffset()).toBe(60_000);
      expect(await store.nextKeys(1)).toEqual(['v-0001']);
      await store.close();
    });

    it('loses no concurrent update: 60 merges of distinct fields, all kept', async () => {
      const { store, second } = await fixture.open();
      const other = second?.() ?? store;
      await store.putMany([video('m')]);
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 === 0 ? store : other).update('m', (current) => ({
            ...current,
            customFields: { ...current.customFields, [`f${i}`]: i },
          })),
        ),
      );
      const fields = (await other.get('m'))?.customFields ?? {};
      expect(Object.keys(fields)).toHaveLength(60);
      if (other !== store) await other.close();
      await store.close();
    });

    it('keeps uploads in progress as one truth for every handle: first and last, as any order of begins and ends finds them (property)', async () => {
      const { store, second } = await fixture.open();
      const other = second?.() ?? store;
      await store.putMany([video('u1'), video('u2')]);
      const keys = ['u1', 'u2'] as const;
      // An operation: begin an upload of a key through one handle, or end the n-th begun (again, maybe).
      const operation = fc.oneof(
        fc.record({ begin: fc.constantFrom(...keys), through: fc.boolean() }),
        fc.record({ end: fc.nat(7) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
          const begun: UploadInProgress[] = [];
          const ended = new Set<UploadInProgress>();
          const inProgress = (key: string) => begun.filter((u) => u.key === key && !ended.has(u)).length;
          for (const op of operations) {
            if ('begin' in op) {
              const before = inProgress(op.begin);
              const upload = await (op.through ? other : store).uploads.begin(op.begin);
              expect(upload).toMatchObject({ key: op.begin, first: before === 0 });
              begun.push(upload);
            } else {
              const upload = begun[op.end % Math.max(begun.length, 1)];
              if (!upload) continue;
              const wasOn = !ended.has(upload);
              ended.add(upload);
              expect(await upload.end()).toBe(wasOn && inProgress(upload.key) === 0);
            }
            for (const key of keys) {
              const expected = inProgress(key) > 0;
              for (const handle of [store, other]) {
                const record = await handle.get(key);
                expect(record && handle.uploads.has(record)).toBe(expected);
              }
            }
          }
          for (const upload of begun) await upload.end();
        }),
        { numRuns: 15 },
      );
      if (other !== store) await other.close();
      await store.close();
    });

    it('says an upload is in progress for the records update and list read, and forgets every upload on clear', async () => {
      const { store, second } = await fixture.open();
      const other = second?.() ?? store;
      await store.putMany([video('u'), video('w')]);
      const upload = await store.uploads.begin('u');
      let seenInChange = false;
      const next = await other.update('u', (current) => {
        seenInChange = other.uploads.has(current);
        return { ...current, title: 'changed while uploading' };
      });
      expect(seenInChange).toBe(true);
      expect(next && other.uploads.has(next)).toBe(true);
      expect((await other.list()).map((record) => [record.key, other.uploads.has(record)])).toEqual([
        ['u', true],
        ['w', false],
      ]);
      await store.clear();
      await store.putMany([video('u')]);
      const record = await other.get('u');
      expect(record && other.uploads.has(record)).toBe(false);
      expect(await upload.end()).toBe(false); // forgotten by the clear: ending it changes nothing
      expect((await store.uploads.begin('u')).first).toBe(true);
      if (other !== store) await other.close();
      await store.close();
    });

    it('round-trips any record the API can store, members in order (property)', async () => {
      const { store } = await fixture.open();
      // Any code units: NUL and lone surrogates included (JSON strings may carry them).
      const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength });
      const value = fc.oneof(
        text(20),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
        fc.boolean(),
        fc.array(text(8), { maxLength: 4 }),
      );
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 40 }),
          fc.dictionary(
            fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== '__proto__'),
            value,
            {
              maxKeys: 6,
            },
          ),
          async (title, customFields) => {
            const key = `p-${n++}`;
            const record = { ...video(key, title), customFields };
            await store.putMany([record]);
            const stored = await store.get(key);
            expect(stored).toEqual(record);
            expect(Object.keys(stored?.customFields ?? {})).toEqual(Object.keys(customFields));
          },
        ),
        // and always the record that once failed on PostgreSQL's putMany (a NUL beside the key)
        { numRuns: 40, examples: [['', { ' ': '\u0000' }]] },
      );
      await store.close();
    });
  });
}
