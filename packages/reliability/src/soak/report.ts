/** The soak's output: a table on stdout, and `results/soak-latest.json` and `.md`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SoakResult } from './types.js';

const MiB = 1024 * 1024;

function mib(bytes: number): string {
  return (bytes / MiB).toFixed(1);
}

/** One row per sample: time, requests and errors in the interval, RSS of the mock. */
export function sampleTable(result: SoakResult): string {
  const lines = [
    '|    t (s) | requests | errors | RSS (MiB) |',
    '|---------:|---------:|-------:|----------:|',
  ];
  for (const sample of result.samples) {
    lines.push(
      `| ${String(sample.atSeconds).padStart(8)} | ${String(sample.requests).padStart(8)} | ${String(sample.errors).padStart(6)} | ${mib(sample.rssBytes).padStart(9)} |`,
    );
  }
  return lines.join('\n');
}

/** The summary lines: totals, RSS and the verdict. */
export function summary(result: SoakResult): string {
  const { rss } = result;
  return [
    `soak: ${result.minutes} min, ${result.workers} workers, seed ${result.seed}, store ${result.store}`,
    `requests ${result.requests}, errors ${result.errors}, by operation ${JSON.stringify(result.byOperation)}`,
    `statuses ${JSON.stringify(result.statuses)}`,
    `RSS first ${mib(rss.firstBytes)} MiB, start (after warm-up) ${mib(rss.startBytes)} MiB, end ${mib(rss.endBytes)} MiB, max ${mib(rss.maxBytes)} MiB, growth ${rss.growthPercent.toFixed(1)} %`,
    `verdict: ${result.pass ? 'PASS' : 'FAIL'} (no errors and RSS growth under 10 %)`,
  ].join('\n');
}

/**
 * Writes the result as JSON and Markdown into `folder`.
 *
 * @example
 * writeResults(result, 'results'); // results/soak-latest.json, results/soak-latest.md
 */
export function writeResults(result: SoakResult, folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'soak-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  const markdown = [
    '# Soak: latest run',
    '',
    'Written by `pnpm soak` (packages/reliability/src/soak.ts). Mixed load (create, upload 4 KiB files,',
    'get, put, occasional bad requests) against the mock run as a separate process; RSS read from',
    '/proc every sample. "start" is the sample at the end of the warm-up (the first minute, or the',
    'first sample of shorter runs).',
    '',
    '```',
    summary(result),
    '```',
    '',
    sampleTable(result),
    '',
    ...(result.errorExamples.length > 0
      ? ['## First errors', '', ...result.errorExamples.map((e) => `- ${e}`), '']
      : []),
  ].join('\n');
  writeFileSync(join(folder, 'soak-latest.md'), markdown);
}
