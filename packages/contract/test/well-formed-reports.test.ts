/**
 * Reports every tool reads: whatever text a target sends or a generator draws (lone surrogates,
 * control characters, U+FFFE), report.json is I-JSON that `jq` parses, junit.xml is well-formed
 * XML 1.0 and report.md is UTF-8 without raw control characters.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveMock } from '@video-api/test-support';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { writeReports } from '../src/report/write.js';
import type { ContractReport, Target } from '../src/support/types.js';
import { prepareMock, runAgainstMock } from './helpers.js';
import { hasJq, jqProblem, parseIJson, xmlProblem } from './support/strict-formats.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-reports-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

if (!hasJq)
  console.log(
    'jq is not installed: report.json is read by the strict parser only (install jq to run it too)',
  );

/**
 * Any text: fast-check's `unit: 'binary'` draws whole code points only (no lone surrogate), so a
 * unit is also any single UTF-16 code unit, and the characters formats trip on are drawn often.
 */
const anyText = fc.string({
  unit: fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
    fc.constantFrom(
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\ufffe',
      '\uffff',
      '&',
      '<',
      ']]>',
      '"',
      '|',
      '\n',
    ),
  ),
  maxLength: 30,
});

/** A report whose every text is `text` (or built from it): each place a report holds values. */
function reportHolding(text: string): ContractReport {
  return {
    target: { baseUrl: text, uploadBaseUrl: `${text}/upload` },
    startedAt: '2026-11-22T00:00:00.000Z',
    durationMs: 1,
    seed: 3,
    stoppedEarly: { cause: 'error', reason: text },
    checks: [
      { name: text, verdict: 'fail', section: text, detail: `wrote ${text}` },
      { name: 'b', verdict: 'skipped', section: '4.2', detail: text },
      { name: 'c', verdict: 'pass', section: '4.3', detail: text },
    ],
    observations: [
      { id: 'custom-fields-omitted', verdict: 'observed', reading: 'merge', evidence: text },
      { id: 'error-shape', verdict: 'not-observed', evidence: text },
    ],
    localObservations: [{ id: 'create-answer-order', verdict: 'not-observed', evidence: text }],
    summary: { passed: 1, failed: 1, skipped: 1, observed: 1, notObserved: 2 },
  };
}

/** Writes `report`'s files and reads each back strictly; returns report.json's text. */
async function writtenAndRead(
  report: ContractReport,
  into: string,
): Promise<{ json: unknown; text: string }> {
  await writeReports(into, report);
  const jsonBytes = await readFile(join(into, 'report.json'));
  const json = parseIJson(jsonBytes);
  expect(xmlProblem(await readFile(join(into, 'junit.xml')))).toBeUndefined();
  const md = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(join(into, 'report.md')));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them
  expect(md).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]/);
  return { json, text: jsonBytes.toString() };
}

/** The mock, except that create answers an hls.url of lone surrogates and forbidden characters. */
const answersBadText =
  (fetch: Target['fetch']): Target['fetch'] =>
  async (request) => {
    const response = await fetch(request);
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/videos') return response;
    const videos = (await response.json()) as Array<{ primaryPlaybackUrl: { hls: { url: string } } }>;
    for (const video of videos) video.primaryPlaybackUrl.hls.url = '\ud800\u0001\uffff not a URL \udfff';
    return Response.json(videos, { status: response.status, headers: response.headers });
  };

describe('the reports the contract writes', () => {
  it('hold any string (full Unicode, lone surrogates, control characters) as I-JSON, XML 1.0 and UTF-8 Markdown', async () => {
    const texts: string[] = [];
    await fc.assert(
      fc.asyncProperty(anyText, async (value) => {
        texts.push((await writtenAndRead(reportHolding(value), join(dir, 'property'))).text);
      }),
      { numRuns: 150 },
    );
    if (hasJq) expect(jqProblem(texts)).toBeUndefined();
  });

  it('say which strings had lone surrogates replaced with U+FFFD', async () => {
    const { json } = await writtenAndRead(reportHolding('a\ud800b'), join(dir, 'named'));
    const report = json as ContractReport & {
      replacedLoneSurrogates?: Array<{ pointer: string; count: number }>;
    };
    expect(report.checks[1]?.detail).toBe('a\ufffdb');
    expect(report.replacedLoneSurrogates).toContainEqual({ pointer: '/checks/1/detail', count: 1 });
    expect(report.replacedLoneSurrogates).toContainEqual({ pointer: '/target/baseUrl', count: 1 });
  });

  it('hold what a run against a target answering lone surrogates and control characters saw', async () => {
    const report = await runAgainstMock({}, answersBadText);
    const failed = report.checks.find(
      (c) => c.name === 'the HLS address is a URL with the video key in its path',
    );
    expect(failed?.verdict).toBe('fail');
    const { text } = await writtenAndRead(report, join(dir, 'run'));
    if (hasJq) expect(jqProblem([text])).toBeUndefined();
  });
});

describe('the command line against a server answering lone surrogates', () => {
  it('prints (--json) and writes a report.json that jq parses', async () => {
    const prepared = await prepareMock({}, answersBadText);
    const server = await serveMock({ fetch: prepared.target.fetch });
    try {
      const out: string[] = [];
      const into = join(dir, 'cli');
      const argv = [
        '--base-url',
        server.url,
        '--token',
        prepared.target.token,
        '--webhooks',
        'off',
        '--runs',
        '2',
      ];
      const code = await main([...argv, '--json', '--report', into], {
        stdout: (text) => out.push(text),
        stderr: () => {},
        env: {},
      });
      expect(code).toBe(1);
      const printed = parseIJson(new TextEncoder().encode(out.join('\n'))) as ContractReport;
      // showValue writes the server's lone surrogates as their escapes: nothing had to be replaced.
      const hls = printed.checks.find((c) => c.name.startsWith('the HLS address is a URL'));
      expect(hls?.detail).toContain('hls.url "\\ud800\\u0001\uffff not a URL \\udfff" is not a URL');
      expect(printed.replacedLoneSurrogates).toBeUndefined();
      const { text } = await writtenAndRead(printed, join(dir, 'cli-again'));
      const written = await readFile(join(into, 'report.json'), 'utf8');
      parseIJson(new TextEncoder().encode(written));
      if (hasJq) expect(jqProblem([written, text])).toBeUndefined();
    } finally {
      await server.close();
      await prepared.close();
    }
  });
});
