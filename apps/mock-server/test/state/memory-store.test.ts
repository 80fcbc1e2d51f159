/**
 * The memory store keeps records compactly: deep-frozen copies equal to what was put, records with
 * nothing scheduled sharing one frozen empty schedule, and the caller's objects left as they were.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { Phase, VideoRecord } from '../../src/types.js';

const record = (key: string, schedule: VideoRecord['schedule'] = []): VideoRecord => ({
  key,
  title: `Video ${key}`,
  projectKey: 'p',
  owner: undefined,
  customFields: { topics: ['a', 'b'], views: 3 },
  phase: 'created',
  createdAt: 0,
  updatedAt: 0,
  schedule,
});

describe('createMemoryStore', () => {
  it('gives back a deep-frozen copy equal to the record put, leaving the caller its own', async () => {
    const store = createMemoryStore();
    const mine = record('v-1');
    await store.putMany([mine]);
    const kept = (await store.get('v-1')) as VideoRecord;
    expect(kept).toEqual(mine);
    expect(kept).not.toBe(mine);
    expect(Object.isFrozen(kept.customFields.topics)).toBe(true);
    expect(() => (kept.schedule as unknown[]).push({ at: 1, phase: 'ready' })).toThrow(TypeError);
    expect(Object.isFrozen(mine)).toBe(false);
    mine.schedule.push({ at: 1, phase: 'ready' });
    expect((await store.get('v-1'))?.schedule).toEqual([]);
  });

  it('shares one frozen empty schedule between records with nothing scheduled (putMany and update)', async () => {
    const store = createMemoryStore();
    await store.putMany([record('v-1')]);
    await store.putMany([record('v-2'), record('v-3')]);
    const [one, two, three] = await Promise.all(['v-1', 'v-2', 'v-3'].map((key) => store.get(key)));
    expect(one?.schedule).toBe(two?.schedule);
    expect(two?.schedule).toBe(three?.schedule);
    const updated = await store.update('v-1', (current) => ({ ...current, title: 'again' }));
    expect(updated?.title).toBe('again');
    expect((await store.get('v-1'))?.schedule).toBe(two?.schedule);
  });

  it('keeps a schedule with steps as it was given, in order (property)', async () => {
    const phases: Phase[] = ['uploaded', 'processing', 'ready', 'failed'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ at: fc.nat(), phase: fc.constantFrom(...phases) }), { maxLength: 4 }),
        async (steps) => {
          const store = createMemoryStore();
          await store.putMany([record('v-1', steps)]);
          const kept = (await store.get('v-1')) as VideoRecord;
          expect(kept.schedule).toEqual(steps);
          expect(Object.isFrozen(kept.schedule)).toBe(true);
        },
      ),
    );
  });
});
