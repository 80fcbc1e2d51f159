/** The reports of a run (summary, Markdown, JUnit) say each verdict and reading, for any text a server sends. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJUnit } from '../src/report/junit.js';
import { toMarkdown } from '../src/report/markdown.js';
import { toSummary } from '../src/report/summary.js';
import type { CheckResult, ContractReport } from '../src/support/types.js';

const report: ContractReport = {
  target: { baseUrl: 'http://localhost:4010', uploadBaseUrl: 'http://localhost:4010' },
  startedAt: '2026-11-22T00:00:00.000Z',
  durationMs: 1500,
  seed: -5,
  checks: [
    { name: 'create answers 2XX', verdict: 'pass', section: '4.1', detail: 'status 200' },
    {
      name: 'the HLS address is an .m3u8 URL',
      verdict: 'fail',
      section: '2',
      detail: 'hls.url "<x>" & not | m3u8',
    },
  ],
  observations: [
    { id: 'custom-fields-omitted', verdict: 'observed', reading: 'merge', evidence: 'views kept' },
  ],
  summary: { passed: 1, failed: 1, skipped: 0, observed: 1, notObserved: 0 },
};

describe('reports', () => {
  it('JUnit: one case per check and observation, failures with section and detail, XML escaped', () => {
    const xml = toJUnit(report);
    expect(xml).toContain('<testsuites tests="3" failures="1" skipped="0"');
    expect(xml).toContain(
      '<testcase classname="contract.§4.1" name="create answers 2XX" time="0.000"></testcase>',
    );
    expect(xml).toContain('<failure message="hls.url &quot;&lt;x&gt;&quot; &amp; not | m3u8">');
    expect(xml).toContain('name="custom-fields-omitted: merge"');
  });

  it('JUnit: each case has its time; an unknown not observed is a case with its reason, never skipped', () => {
    const timed = {
      ...report,
      checks: [{ ...(report.checks[0] as CheckResult), durationMs: 1234 }],
      observations: [
        { id: 'get-authorization', verdict: 'not-observed', evidence: 'no --other-token', durationMs: 5 },
      ],
    } as unknown as ContractReport;
    const xml = toJUnit(timed);
    expect(xml).toContain('name="create answers 2XX" time="1.234"');
    expect(xml).toContain(
      '<testcase classname="observed" name="get-authorization: not observed" time="0.005"><system-out>not observed: no --other-token</system-out></testcase>',
    );
    expect(xml).not.toContain('<skipped');
  });

  it('JUnit stays well formed for any text (no raw markup from names or details)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, detail) => {
        const xml = toJUnit({ ...report, checks: [{ name, detail, verdict: 'fail', section: '7' }] });
        const attributes = [...xml.matchAll(/="([^"]*)"/g)].map((m) => m[1] as string);
        const control = [...xml].some((ch) => (ch.codePointAt(0) as number) < 9);
        return attributes.every((value) => !/[<>]/.test(value)) && !control;
      }),
    );
  });

  it('Markdown: a verdict line, a table of checks and a table of observations', () => {
    const md = toMarkdown(report);
    expect(md).toContain(
      '**FAIL**: 1 checks passed, 1 failed, 0 skipped; 1 unknowns observed, 0 not observed.',
    );
    expect(md).toContain('| **FAIL** | the HLS address is an .m3u8 URL | 2 | hls.url "<x>" & not \\| m3u8 |');
    expect(md).toContain('| `custom-fields-omitted` | merge | views kept |');
  });

  it('summary: failures in full, then one line per observation, then the verdict', () => {
    expect(toSummary(report).split('\n')).toEqual([
      'contract: http://localhost:4010',
      'failed checks:',
      '  ✗ §2 the HLS address is an .m3u8 URL',
      '      hls.url "<x>" & not | m3u8',
      'observed:',
      '  ~ custom-fields-omitted: merge',
      'seed of the generated values and property checks: -5 (replay with --seed -5)',
      'FAIL: 1 checks passed, 1 failed, 0 skipped; 1 unknowns observed, 0 not observed',
    ]);
  });

  it('server bytes reach neither the terminal nor report.md raw: control characters are shown escaped', () => {
    const body = 'oops\u0000 \u001b[31mred\u001b[0m \u2028next\u0085';
    const dirty: ContractReport = {
      ...report,
      stoppedEarly: { cause: 'no-answer', reason: `GET /x: ${body}` },
      checks: [{ name: 'get', verdict: 'fail', section: '4.3', detail: `got 500 ${body}` }],
      observations: [{ id: 'error-shape', verdict: 'not-observed', evidence: body }],
    };
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
    for (const text of [toSummary(dirty), toMarkdown(dirty)]) {
      expect(text).not.toMatch(raw);
      expect(text).toContain('oops\\u0000 \\u001b[31mred\\u001b[0m \\u2028next\\u0085');
    }
  });
});
