/**
 * The suite is fair: it passes the mock under every reading of every unknown, and observes each
 * time exactly the reading that was set.
 */
import { idsWithReadings, readingsOf } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { failures, observation, runAgainstMock, skipped } from './helpers.js';

const pairs = idsWithReadings.flatMap((id) => readingsOf(id).map((reading) => [id, reading] as const));

describe('against the mock with its default readings', () => {
  it('every check passes and every unknown with readings is observed', async () => {
    const report = await runAgainstMock();
    expect(failures(report)).toEqual([]);
    expect(skipped(report)).toEqual([]);
    expect(report.stoppedEarly).toBeUndefined();
    expect(report.observations.map((o) => o.id).sort()).toEqual([...idsWithReadings].sort());
    expect(report.observations.filter((o) => o.verdict !== 'observed')).toEqual([]);
  });

  it('the create answer order is observed as request order, among the observations of the spec', async () => {
    const report = await runAgainstMock();
    expect(report.localObservations).toBeUndefined();
    expect(observation(report, 'create-answer-order')).toMatchObject({
      id: 'create-answer-order',
      verdict: 'observed',
      reading: 'request-order',
      evidence: 'requested videos 0..2 answered as 0, 1, 2',
    });
    expect(report.summary.observed).toBe(idsWithReadings.length);
  });
});

describe.concurrent('against the mock under each reading', () => {
  it.each(pairs)('%s=%s: passes and is observed as set', async (id, reading) => {
    const report = await runAgainstMock({ [id]: reading });
    expect(failures(report)).toEqual([]);
    expect(skipped(report)).toEqual([]);
    const observed = report.observations.find((o) => o.id === id);
    expect(`${observed?.reading} (${observed?.evidence})`).toMatch(new RegExp(`^${reading} \\(`));
  });
});

/** Readings that change what another probe can see. */
const combinations: Array<[Record<string, string>, string, string | undefined]> = [
  [{ 'webhook-payload': 'video-record', 'webhook-delivery': 'reordered' }, 'webhook-delivery', 'reordered'],
  [
    { 'webhook-payload': 'video-record', 'webhook-delivery': 'once-in-order' },
    'webhook-delivery',
    'once-in-order',
  ],
  [{ 'webhook-payload': 'flat', 'webhook-delivery': 'reordered' }, 'webhook-delivery', 'reordered'],
  [{ 'webhook-events': 'ready-only', 'webhook-delivery': 'duplicates' }, 'webhook-delivery', 'duplicates'],
  // One delivery shows no order: not observed rather than guessed.
  [{ 'webhook-events': 'ready-only', 'webhook-delivery': 'reordered' }, 'webhook-delivery', undefined],
  [{ 'readiness-field': 'playback-only', 'video-states': 'detailed' }, 'video-states', undefined],
  // A defined field without a value reads as null: omitted and removed fields are gone all the same.
  [
    { 'custom-field-types': 'any-json', 'custom-fields-omitted': 'replace' },
    'custom-fields-omitted',
    'replace',
  ],
  [
    { 'custom-field-types': 'any-json', 'custom-field-null': 'removes-field' },
    'custom-field-null',
    'removes-field',
  ],
  [
    { 'custom-field-types': 'any-json', 'custom-field-definition': 'typed' },
    'custom-field-types',
    'any-json',
  ],
  [{ 'list-order': 'any-order', 'custom-field-definition': 'typed' }, 'list-order', 'any-order'],
];

describe.concurrent('against the mock under combined readings', () => {
  it.each(combinations)('%j: %s is %s', async (readings, id, reading) => {
    const report = await runAgainstMock(readings);
    expect(failures(report)).toEqual([]);
    const observed = report.observations.find((o) => o.id === id);
    if (reading === undefined) expect(observed).toMatchObject({ verdict: 'not-observed' });
    else expect(`${observed?.reading} (${observed?.evidence})`).toMatch(new RegExp(`^${reading} \\(`));
  });
});
