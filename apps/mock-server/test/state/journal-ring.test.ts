/** The journal keeps the newest 10 000 requests in order, however many it recorded. */
import { describe, expect, it } from 'vitest';
import { Journal, type JournalRecord } from '../../src/state/journal.js';

const START = Date.parse('2026-11-22T08:00:00.000Z');

function request(i: number): JournalRecord {
  return {
    at: START + i,
    virtualAt: START + 2 * i,
    method: i % 2 === 0 ? 'GET' : 'PUT',
    path: `/api/v1/videos/v-${i}`,
    operationId: i % 2 === 0 ? 'getVideo' : 'updateCustomFields',
    status: 200,
    readings: 'readiness-field=status-string, video-states=basic',
    durationMs: 0.1,
  };
}

describe('Journal', () => {
  it.each([
    [0, 0, undefined],
    [1, 1, 1],
    [9_999, 9_999, 1],
    [10_000, 10_000, 1],
    [10_001, 10_000, 2],
    [25_003, 10_000, 15_004],
  ])('after %i requests keeps %i, the oldest being seq %s, in order', (count, kept, oldest) => {
    const journal = new Journal();
    for (let i = 1; i <= count; i++) journal.record(request(i));
    const entries = journal.query();
    expect(entries).toHaveLength(kept);
    expect(entries[0]?.seq).toBe(oldest);
    expect(entries.every((entry, i) => i === 0 || entry.seq === (entries[i - 1]?.seq ?? 0) + 1)).toBe(true);
    if (count > 0) expect(entries.at(-1)?.seq).toBe(count);
  });

  it('shows times as ISO 8601 and filters by method, operationId, seq and time', () => {
    const journal = new Journal();
    for (let i = 1; i <= 10_010; i++) journal.record(request(i));
    const [first] = journal.query({ since: 10_009 });
    const { at: _at, virtualAt: _virtualAt, ...rest } = request(10_010);
    expect(first).toStrictEqual({
      seq: 10_010,
      ...rest,
      readings: { 'readiness-field': 'status-string', 'video-states': 'basic' },
      time: new Date(START + 10_010).toISOString(),
      virtualTime: new Date(START + 20_020).toISOString(),
    });
    expect(journal.query({ method: 'put', since: 10_000 }).map((e) => e.seq)).toEqual([
      10_001, 10_003, 10_005, 10_007, 10_009,
    ]);
    expect(journal.query({ operationId: 'getVideo' })).toHaveLength(5_000);
    expect(journal.query({ since: new Date(START + 10_008).toISOString() }).map((e) => e.seq)).toEqual([
      10_009, 10_010,
    ]);
    expect(journal.query({ since: 'not a time' })).toEqual([]);
  });

  it('forgets everything on clear and numbers on from where it was', () => {
    const journal = new Journal();
    for (let i = 1; i <= 12_000; i++) journal.record(request(i));
    journal.clear();
    expect(journal.query()).toEqual([]);
    journal.record(request(1));
    expect(journal.query().map((e) => e.seq)).toEqual([12_001]);
  });

  it('hands out copies: changing a queried entry changes nothing kept', () => {
    const journal = new Journal();
    journal.record(request(1));
    const [entry] = journal.query();
    if (entry) entry.readings['readiness-field'] = 'ready-flag';
    expect(journal.query()[0]?.readings).toEqual({
      'readiness-field': 'status-string',
      'video-states': 'basic',
    });
  });
});
