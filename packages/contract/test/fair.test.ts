/**
 * The suite is fair: it passes the mock under every reading of every unknown, and observes each
 * time exactly the reading that was set.
 */
import { idsWithReadings, readingsOf } from '@video-api/schema/unspecified';
import { describe, expect, it } from 'vitest';
import { failures, runAgainstMock } from './helpers.js';

const pairs = idsWithReadings.flatMap((id) => readingsOf(id).map((reading) => [id, reading] as const));

describe('against the mock with its default readings', () => {
  it('every check passes and every unknown with readings is observed', async () => {
    const report = await runAgainstMock();
    expect(failures(report)).toEqual([]);
    expect(report.observations.map((o) => o.id).sort()).toEqual([...idsWithReadings].sort());
  });
});

describe.concurrent('against the mock under each reading', () => {
  it.each(pairs)('%s=%s: passes and is observed as set', async (id, reading) => {
    const report = await runAgainstMock({ [id]: reading });
    expect(failures(report)).toEqual([]);
    const observed = report.observations.find((o) => o.id === id);
    expect(`${observed?.reading} (${observed?.evidence})`).toMatch(new RegExp(`^${reading} \\(`));
  });
});
