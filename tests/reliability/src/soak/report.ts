/** The soak's output: a table per window and one per check on stdout, and `soak-latest.json` and `.md`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SoakCheck, SoakResult, SoakSample } from './types.js';

const MiB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MiB).toFixed(1);
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** One row per RSS sample: time, requests and errors since the previous one, RSS, load average. */
function sampleTable(samples: SoakSample[]): string {
  return [
    '| t (s) | requests | errors | RSS (MiB) | load avg |',
    '|------:|---------:|-------:|----------:|---------:|',
    ...samples.map((s) => row([s.atSeconds, s.requests, s.errors, mib(s.rssBytes), fixed(s.loadAverage, 2)])),
  ].join('\n');
}

/** One row per window: requests, errors, latency percentiles, RSS, and the load average beside them. */
export function windowTable(result: SoakResult): string {
  return [
    '| window | from–to (s) | requests | errors | p50 (ms) | p99 (ms) | max (ms) | RSS median (MiB) | RSS max (MiB) | load avg |',
    '|-------:|------------:|---------:|-------:|---------:|---------:|---------:|-----------------:|--------------:|---------:|',
    ...result.windows.map((w) =>
      row([
        w.index === 0 ? '0 (warm-up)' : w.index,
        `${w.fromSeconds}–${w.toSeconds}`,
        w.requests,
        w.errors,
        fixed(w.p50Ms),
        fixed(w.p99Ms),
        fixed(w.maxMs),
        mib(w.rssMedianBytes),
        mib(w.rssMaxBytes),
        fixed(w.loadAverage, 2),
      ]),
    ),
  ].join('\n');
}

const verdictOf = (check: SoakCheck) => (check.met ? 'PASS' : 'FAIL');

/** One row per check: value, target, verdict, the load average while measured, and how it was measured. */
export function checkTable(checks: SoakCheck[]): string {
  return [
    '| figure | value | target | verdict | load avg | detail |',
    '|---|---:|---|---|---|---|',
    ...checks.map((c) =>
      row([c.name, `${fixed(c.value, 2)} ${c.unit}`.trim(), c.target, verdictOf(c), c.loadAverage, c.detail]),
    ),
  ].join('\n');
}

/** The summary lines: the run, its totals and the overall verdict. */
export function summary(result: SoakResult): string {
  return [
    `soak: ${result.minutes} min at ${result.rate} req/s (reached ${result.achievedRate.toFixed(1)}, ${result.skipped} skipped at ${result.maxInFlight} in flight), windows of ${result.windowSeconds} s, seed ${result.seed}, store ${result.store}`,
    `requests ${result.requests}, errors ${result.errors}, by operation ${JSON.stringify(result.byOperation)}, mock reset at each window's start: ${result.resets}`,
    `statuses ${JSON.stringify(result.statuses)}`,
    `verdict: ${result.pass ? 'PASS' : 'FAIL'} (${result.checks.filter((c) => !c.met).length} of ${result.checks.length} checks failed)`,
  ].join('\n');
}

/**
 * Writes the result as JSON and Markdown into `folder`; returns the paths.
 *
 * @example
 * writeResults(result, 'results'); // ['results/soak-latest.json', 'results/soak-latest.md']
 */
export function writeResults(result: SoakResult, folder: string): string[] {
  mkdirSync(folder, { recursive: true });
  const json = join(folder, 'soak-latest.json');
  const md = join(folder, 'soak-latest.md');
  writeFileSync(json, `${JSON.stringify(result, null, 2)}\n`);
  const markdown = [
    '# Soak: latest run',
    '',
    'Written by `pnpm soak` (tests/reliability/src/soak.ts). Mixed load at a fixed rate (create,',
    'upload 4 KiB files, get, put, occasional bad requests) against the mock run as a separate process;',
    'latency from sending a request to its last body byte; RSS read from /proc every sample. Window 0 is',
    'the warm-up: RSS growth is the last window’s median against the sample at its end.',
    '',
    '```',
    summary(result),
    '```',
    '',
    checkTable(result.checks),
    '',
    windowTable(result),
    '',
    '## Samples',
    '',
    sampleTable(result.samples),
    '',
    ...(result.errorExamples.length > 0
      ? ['## First errors', '', ...result.errorExamples.map((e) => `- ${e}`), '']
      : []),
  ].join('\n');
  writeFileSync(md, markdown);
  return [json, md];
}
