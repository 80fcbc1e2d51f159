/** Resolving from a contract report: observed readings with their evidence; flags win; bad reports are refused. */
import { describe, expect, it } from 'vitest';
import { readingsFromReport } from '../../src/report-readings.js';
import { resolveSpec } from '../../src/resolve/index.js';

const report = {
  target: { baseUrl: 'http://127.0.0.1:9' },
  checks: [{ id: 'create-shape', verdict: 'pass' }],
  observations: [
    { id: 'status-codes', verdict: 'observed', reading: 'semantic', evidence: 'create answered 201' },
    { id: 'error-shape', verdict: 'observed', reading: 'other', evidence: 'text/plain body' },
    { id: 'rate-limits', verdict: 'not-observed', evidence: 'not probed' },
    { id: 'custom-fields-omitted', verdict: 'observed', reading: 'replace', evidence: 'note was removed' },
  ],
};

describe('resolveSpec: from a report', () => {
  it('chooses what the report observed, with its evidence; other and not-observed keep the default', () => {
    const { chosen, document } = resolveSpec({ report });
    const of = (id: string) => chosen.find((c) => c.id === id);
    expect(of('status-codes')).toEqual({
      id: 'status-codes',
      reading: 'semantic',
      from: 'report',
      evidence: 'create answered 201',
    });
    expect(of('custom-fields-omitted')).toMatchObject({ reading: 'replace', from: 'report' });
    expect(of('error-shape')).toMatchObject({ reading: 'problem-json', from: 'default' });
    expect(of('rate-limits')).toMatchObject({ reading: 'none', from: 'default' });
    const marker = (document.components as { responses: { Error: Record<string, unknown> } }).responses.Error[
      'x-unspecified'
    ] as object;
    expect((marker as { chosen: unknown }).chosen).toEqual({ reading: 'problem-json', from: 'default' });
    expect(JSON.stringify(document)).toContain('"evidence":"create answered 201"');
  });

  it('lets a flag win over the report', () => {
    const { chosen } = resolveSpec({ report, readings: { 'status-codes': 'all-200' } });
    expect(chosen.find((c) => c.id === 'status-codes')).toEqual({
      id: 'status-codes',
      reading: 'all-200',
      from: 'flag',
    });
  });

  // [what is wrong, the report, a fragment of the problem]
  const bad: Array<[string, unknown, string]> = [
    ['not an object', [1, 2], 'not a contract report ((the document): expected object, received array'],
    ['no checks', { observations: [] }, '/checks: expected array, received undefined'],
    [
      'observations not a list',
      { checks: [], observations: {} },
      '/observations: expected array, received object',
    ],
    [
      'a bad verdict',
      { checks: [], observations: [{ id: 'status-codes', verdict: 'seen' }] },
      '/observations/0/verdict',
    ],
    [
      'an id this spec does not have',
      { checks: [], observations: [{ id: 'colour', verdict: 'observed', reading: 'red' }] },
      '/observations/0: unknown id "colour"',
    ],
    [
      'a reading this spec does not have',
      { checks: [], observations: [{ id: 'status-codes', verdict: 'observed', reading: 'all-201' }] },
      'unknown reading "all-201" for status-codes (accepted: all-200, semantic, other)',
    ],
    [
      'one id observed as two readings',
      {
        checks: [],
        observations: [
          { id: 'status-codes', verdict: 'observed', reading: 'semantic' },
          { id: 'status-codes', verdict: 'observed', reading: 'all-200' },
        ],
      },
      'status-codes is observed twice, as semantic and as all-200',
    ],
  ];
  it.each(bad)('refuses a report with %s', (_what, value, fragment) => {
    expect(() => resolveSpec({ report: value })).toThrow(fragment);
  });

  it('reads local observations of ids the spec lists, and ignores the others', () => {
    const result = readingsFromReport({
      checks: [],
      observations: [],
      localObservations: [
        { id: 'not-in-the-spec', verdict: 'observed', reading: 'x', evidence: '' },
        { id: 'status-codes', verdict: 'observed', reading: 'semantic', evidence: 'e' },
      ],
    });
    expect(result.ok && result.choice).toEqual({ 'status-codes': 'semantic' });
  });
});
