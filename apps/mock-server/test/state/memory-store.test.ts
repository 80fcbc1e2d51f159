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
  it('gives back a deep-frozen copy equal to the record put, leaving the caller its own', () => {
    const store = createMemoryStore();
    const mine = record('v-1');
    store.put(mine);
    const kept = store.get('v-1') as VideoRecord;
    expect(kept).toEqual(mine);
    expect(kept).not.toBe(mine);
    expect(Object.isFrozen(kept.customFields.topics)).toBe(true);
    expect(() => (kept.schedule as unknown[]).push({ at: 1, phase: 'ready' })).toThrow(TypeError);
    expect(Object.isFrozen(mine)).toBe(false);
    mine.schedule.push({ at: 1, phase: 'ready' });
    expect(store.get('v-1')?.schedule).toEqual([]);
  });

  it('shares one frozen empty schedule between records with nothing scheduled (put and putMany)', () => {
    const store = createMemoryStore();
    store.put(record('v-1'));
    store.putMany([record('v-2'), record('v-3')]);
    const [one, two, three] = ['v-1', 'v-2', 'v-3'].map((key) => store.get(key) as VideoRecord);
    expect(one?.schedule).toBe(two?.schedule);
    expect(two?.schedule).toBe(three?.schedule);
    store.put({ ...(one as VideoRecord), title: 'again' });
    expect(store.get('v-1')?.schedule).toBe(two?.schedule);
  });

  it('keeps a schedule with steps as it was given, in order (property)', () => {
    const phases: Phase[] = ['uploaded', 'processing', 'ready', 'failed'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(), phase: fc.constantFrom(...phases) }), { maxLength: 4 }),
        (steps) => {
          const store = createMemoryStore();
          store.put(record('v-1', steps));
          const kept = store.get('v-1') as VideoRecord;
          expect(kept.schedule).toEqual(steps);
          expect(Object.isFrozen(kept.schedule)).toBe(true);
        },
      ),
    );
  });
});
