/**
 * The twin's reading of a contract report: what it plays (observed readings; `other`, not observed
 * and absent unknowns keep the default; chosen readings win), and what it refuses, as one line.
 */
import { idsWithReadings, mockReadings } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { createApp, OptionError } from '../../src/node/index.js';
import { ReadingError } from '../../src/readings/choice.js';
import { observedReadings, twinReadings } from '../../src/readings/from-report.js';

const report = {
  target: { baseUrl: 'https://video.example.test', uploadBaseUrl: 'https://video.example.test' },
  checks: [{ name: 'create answers 2XX', verdict: 'pass', section: '4.1', detail: 'status 201' }],
  observations: [
    { id: 'custom-fields-omitted', verdict: 'observed', reading: 'replace', evidence: 'views gone' },
    { id: 'error-shape', verdict: 'observed', reading: 'error-object', evidence: '{"error":…}' },
    { id: 'status-codes', verdict: 'observed', reading: 'semantic', evidence: 'create 201, upload 202' },
    { id: 'video-states', verdict: 'observed', reading: 'other', evidence: 'states: live' },
    { id: 'auth-get-video', verdict: 'not-observed', evidence: 'no second token' },
  ],
  summary: { passed: 1, failed: 0, skipped: 0, observed: 4, notObserved: 1 },
};

describe('observedReadings', () => {
  it('takes the observed readings, and leaves out what was observed as other or not observed', () => {
    expect(observedReadings(report, 'readingsFrom')).toEqual({
      'custom-fields-omitted': 'replace',
      'error-shape': 'error-object',
      'status-codes': 'semantic',
    });
  });

  it('accepts the same reading observed twice', () => {
    const twice = { ...report, observations: [...report.observations, report.observations[0]] };
    expect(observedReadings(twice, 'r')['custom-fields-omitted']).toBe('replace');
  });

  const observation = (fields: object) => ({ checks: [], observations: [fields] });
  const refused: Array<[string, unknown, RegExp]> = [
    [
      'null',
      null,
      /^r: not a contract report \(\(the document\): expected object, received null; accepted: /,
    ],
    ['an array', [], /^r: not a contract report \(\(the document\): expected object, received array; /],
    ['a JSON string', 'report', /^r: not a contract report \(\(the document\): expected object/],
    [
      'an object without checks',
      { observations: [] },
      /^r: not a contract report \(\/checks: expected array/,
    ],
    [
      'observations not a list',
      { checks: [], observations: {} },
      /^r: not a contract report \(\/observations: /,
    ],
    [
      'an observation without an id',
      observation({ verdict: 'observed', reading: 'merge' }),
      /^r: not a contract report \(\/observations\/0\/id: expected string/,
    ],
    [
      'a verdict of neither kind',
      observation({ id: 'custom-fields-omitted', verdict: 'pass' }),
      /^r: not a contract report \(\/observations\/0\/verdict: .*"observed".*"not-observed"/,
    ],
    [
      'an id this spec does not have',
      observation({ id: 'custom-fields-sorted', verdict: 'observed', reading: 'merge' }),
      /^r: \/observations\/0: unknown id "custom-fields-sorted" \(accepted ids: status-codes, /,
    ],
    [
      'an id without readings, not observed',
      observation({ id: 'versioning-policy', verdict: 'not-observed' }),
      /^r: \/observations\/0: unknown id "versioning-policy" /,
    ],
    [
      'a reading this spec does not have',
      observation({ id: 'custom-fields-omitted', verdict: 'observed', reading: 'sideways' }),
      /^r: \/observations\/0: unknown reading "sideways" for custom-fields-omitted \(accepted: merge, replace, other\)$/,
    ],
    [
      'an observed verdict without a reading',
      observation({ id: 'custom-fields-omitted', verdict: 'observed' }),
      /^r: \/observations\/0: unknown reading undefined for custom-fields-omitted \(accepted: merge, replace, other\)$/,
    ],
    [
      'one id observed as two readings',
      {
        checks: [],
        observations: [
          { id: 'custom-fields-omitted', verdict: 'observed', reading: 'merge' },
          { id: 'custom-fields-omitted', verdict: 'observed', reading: 'replace' },
        ],
      },
      /^r: \/observations\/1: custom-fields-omitted is observed twice, as merge and as replace \(one reading per id\)$/,
    ],
  ];

  it.each(refused)(
    'refuses %s with one line: where, what was wrong, what is accepted',
    (_, input, message) => {
      let thrown: unknown;
      try {
        observedReadings(input, 'r');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ReadingError);
      expect((thrown as Error).message).toMatch(message);
      expect((thrown as Error).message).not.toContain('\n');
    },
  );

  it('names every problem of a report in its one line', () => {
    const input = {
      checks: [],
      observations: [
        { id: 'nope', verdict: 'observed', reading: 'x' },
        { id: 'error-codes', verdict: 'observed', reading: 'validation-418' },
      ],
    };
    expect(() => observedReadings(input, 'r')).toThrow(
      /unknown id "nope" .*; \/observations\/1: unknown reading "validation-418" for error-codes/,
    );
  });
});

describe('twinReadings', () => {
  it('says for every unknown what is played and where it comes from', () => {
    const rows = twinReadings(report, { 'status-codes': 'all-200' });
    expect(rows.map((row) => row.id)).toEqual(idsWithReadings);
    const played = Object.fromEntries(
      rows.map(({ id, reading, source, reported }) => [id, [reading, source, reported]]),
    );
    expect(played['custom-fields-omitted']).toEqual(['replace', 'report', 'observed replace']);
    expect(played['status-codes']).toEqual(['all-200', 'flag', 'observed semantic']);
    expect(played['video-states']).toEqual(['basic', 'default', 'observed other']);
    expect(played['auth-get-video']).toEqual(['required', 'default', 'not observed']);
    expect(played['rate-limits']).toEqual(['none', 'default', 'not in the report']);
  });
});

describe('createApp({ readingsFrom })', () => {
  it('plays the observed readings over the defaults; readings chosen beside it win', async () => {
    const app = createApp({ readingsFrom: report, readings: { 'error-shape': 'message-object' } });
    try {
      expect(await app.mock.getReadings()).toEqual({
        ...mockReadings(),
        'custom-fields-omitted': 'replace',
        'status-codes': 'semantic',
        'error-shape': 'message-object',
      });
      const res = await app.request('/api/v1/videos', {
        method: 'POST',
        headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
        body: JSON.stringify({ projectKey: 'p', videos: [{ title: 't' }] }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-mock-readings')).toContain('status-codes=semantic');
      // A reset restores the twin's readings, not the spec's defaults.
      await app.mock.setReadings({ 'status-codes': 'all-200' });
      await app.mock.reset();
      expect((await app.mock.getReadings())['status-codes']).toBe('semantic');
    } finally {
      await app.mock.close();
    }
  });

  it('refuses a report that is not one with an OptionError naming readingsFrom', () => {
    expect(() => createApp({ readingsFrom: { observations: [] } as never })).toThrow(OptionError);
    expect(() => createApp({ readingsFrom: { observations: [] } as never })).toThrow(
      /^readingsFrom: not a contract report \(\/checks: /,
    );
  });

  it('refuses readingsFrom beside readings: "random"', () => {
    expect(() => createApp({ readingsFrom: report, readings: 'random' })).toThrow(
      'readingsFrom: not accepted together with readings: "random" (choose one)',
    );
  });
});
