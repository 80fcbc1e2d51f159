/** The video budget (`--max-videos`) spends only what a create may have made: refusals and 429s give their share back. */
import { describe, expect, it } from 'vitest';
import { CheckSkipped } from '../src/context/failures.js';
import { Ledger } from '../src/context/ledger.js';
import { failures, runAgainstMock } from './helpers.js';

const made = (keys: string[]) => ({ status: 201, body: keys.map((key) => ({ key })) });

describe('Ledger', () => {
  it('spends a created video, and lists it with its project', () => {
    const ledger = new Ledger(2, 'fence');
    ledger.reserve(1).settle(made(['v-1']));
    expect(ledger.created).toEqual([{ key: 'v-1', projectKey: 'fence' }]);
    ledger.reserve(1).settle(made(['v-2']));
    expect(() => ledger.reserve(1)).toThrow(CheckSkipped);
  });

  it.each([400, 401, 413, 422, 429, 503])('gives back the share of a create answered %i', (status) => {
    const ledger = new Ledger(1, 'fence');
    for (let i = 0; i < 5; i++) ledger.reserve(1).settle({ status, body: { title: 'refused' } });
    expect(ledger.created).toEqual([]);
    expect(() => ledger.reserve(1)).not.toThrow();
  });

  it('keeps spent a create whose answer never came (it may have made the videos)', () => {
    const ledger = new Ledger(3, 'fence');
    ledger.reserve(3).settle(undefined);
    expect(() => ledger.reserve(1)).toThrow(/beyond the run's budget of 3 \(3 created so far/);
  });

  it('counts creates in flight, so parallel creates cannot pass the budget together', () => {
    const ledger = new Ledger(2, 'fence');
    const first = ledger.reserve(2);
    expect(() => ledger.reserve(1)).toThrow(CheckSkipped);
    first.settle({ status: 400 });
    expect(() => ledger.reserve(2)).not.toThrow();
  });

  it('settles once', () => {
    const ledger = new Ledger(1, 'fence');
    const reservation = ledger.reserve(1);
    reservation.settle(made(['v-1']));
    reservation.settle({ status: 400 });
    expect(() => ledger.reserve(1)).toThrow(CheckSkipped);
  });

  it('counts what a create sent without the token made anyway', () => {
    const ledger = new Ledger(1, 'fence');
    ledger.unbudgeted([{ key: 'v-9' }]);
    expect(ledger.created).toEqual([{ key: 'v-9', projectKey: 'fence' }]);
    expect(() => ledger.reserve(1)).toThrow(CheckSkipped);
  });
});

describe('the safe profile against a correct server (the mock, default property runs)', () => {
  it('passes, and creates at most 10 videos although the properties send many invalid creates', async () => {
    const report = await runAgainstMock({}, undefined, {
      profile: 'safe',
      propertyRuns: 25,
      pollIntervalMs: 5,
    });
    expect(failures(report)).toEqual([]);
    const created = report.createdVideos ?? [];
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThanOrEqual(10);
  }, 60_000);
});
