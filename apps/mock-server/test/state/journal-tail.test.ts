/** The journal's tail (entries after a sequence number, found without a scan) and its listeners. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal, type JournalEvent, type JournalRecord } from '../../src/state/journal.js';

const START = Date.parse('2026-11-22T08:00:00.000Z');

function request(i: number): JournalRecord {
  return {
    at: START + i,
    virtualAt: START + i,
    method: 'GET',
    path: `/api/v1/videos/v-${i}`,
    operationId: 'getVideo',
    status: 200,
    readings: '',
    durationMs: 0.1,
  };
}

describe('Journal.after', () => {
  it('gives what query({ since: seq }) gives, at most max of them, and says when some are gone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 25_000 }),
        fc.integer({ min: -5, max: 25_005 }),
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        (count, seq, max, cleared) => {
          const journal = new Journal();
          const half = Math.floor(count / 2);
          for (let i = 1; i <= count; i++) {
            if (cleared && i === half) journal.clear();
            journal.record(request(i));
          }
          const { entries, missed } = journal.after(seq, max);
          const expected = journal.query({ since: seq }).slice(0, max);
          expect(entries).toEqual(expected);
          const kept = journal.query();
          const oldest = kept[0]?.seq ?? count + 1;
          expect(missed).toBe(seq > count || (seq < count && seq + 1 < oldest && kept.length > 0));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds one entry by its sequence number while it is kept', () => {
    const journal = new Journal();
    for (let i = 1; i <= 10_005; i++) journal.record(request(i));
    expect(journal.entry(10_005)?.path).toBe('/api/v1/videos/v-10005');
    expect(journal.entry(6)?.path).toBe('/api/v1/videos/v-6');
    expect(journal.entry(5)).toBeUndefined();
    expect(journal.entry(10_006)).toBeUndefined();
    expect(journal.entry(7.5)).toBeUndefined();
  });
});

describe('Journal.listen', () => {
  it('tells each entry, a clear and a close; a removed listener hears nothing more', () => {
    const journal = new Journal();
    const heard: JournalEvent[] = [];
    const stop = journal.listen((event) => heard.push(event));
    journal.record(request(1));
    journal.clear();
    expect(journal.listeners).toBe(1);
    stop();
    journal.record(request(2));
    expect(heard).toEqual(['record', 'clear']);
    expect(journal.listeners).toBe(0);
    journal.listen((event) => heard.push(event));
    journal.close();
    expect(heard).toEqual(['record', 'clear', 'close']);
    expect(journal.listeners).toBe(0);
  });
});
