/**
 * `pnpm soak`: mixed load at a fixed rate (default 100 req/s) against the mock (a separate
 * process) for N minutes (default 10), sampling its RSS and the load average. Reports per window
 * (5 minutes in long runs; the first is the warm-up) requests, errors, p50/p99 latency, RSS and load
 * average; checks RSS growth after the warm-up (< 5 %), p99 of the last window against the second
 * (<= 1.5x), errors (none) and the rate reached; writes soak-latest.{json,md} and exits 1 when a
 * check fails. Flags: see soak/options.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLoad } from './soak/load.js';
import { parseSoakArgs, type SoakOptions } from './soak/options.js';
import { pace } from './soak/pacer.js';
import { checkTable, summary, windowTable, writeResults } from './soak/report.js';
import type { SoakResult, SoakSample } from './soak/types.js';
import { checks } from './soak/verdict.js';
import { windowsOf } from './soak/windows.js';
import { startMockProcess } from './support/mock-process.js';
import { readRss } from './support/rss.js';

let options: SoakOptions;
try {
  options = parseSoakArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`soak: ${(error as Error).message}\n`);
  process.exit(2);
}
const { minutes, rate, windowSeconds, intervalSeconds, maxInFlight, seed } = options;

const dataDir = options.memory ? undefined : mkdtempSync(join(tmpdir(), 'video-api-soak-'));
const mock = await startMockProcess(dataDir === undefined ? [] : ['--data-dir', dataDir]);
const startedAt = new Date().toISOString();
const load = createLoad(mock.url, seed, windowSeconds * 1000, Math.ceil((minutes * 60) / windowSeconds));
const { counters } = load;
const samples: SoakSample[] = [];
let last = { requests: 0, errors: 0 };
process.stdout.write(
  `soak: ${minutes} min at ${rate} req/s against ${mock.url} (pid ${mock.pid}), windows of ${windowSeconds} s\n`,
);
const start = performance.now();
const sampler = setInterval(() => {
  const sample: SoakSample = {
    atSeconds: Math.round((performance.now() - start) / 1000),
    requests: counters.requests - last.requests,
    errors: counters.errors - last.errors,
    rssBytes: readRss(mock.pid) ?? 0,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
  last = { requests: counters.requests, errors: counters.errors };
  samples.push(sample);
  process.stdout.write(
    `t=${sample.atSeconds}s requests=${sample.requests} errors=${sample.errors} rss=${(sample.rssBytes / 1048576).toFixed(1)}MiB load=${sample.loadAverage}\n`,
  );
}, intervalSeconds * 1000);
let paced: { sent: number; skipped: number };
try {
  paced = await pace({ rate, durationMs: minutes * 60_000, maxInFlight, send: load.send });
} finally {
  clearInterval(sampler);
  await mock.stop();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
}
const seconds = (performance.now() - start) / 1000;
const windows = windowsOf(counters.buckets, samples, windowSeconds);
const achievedRate = paced.sent / (minutes * 60);
const result: SoakResult = {
  startedAt,
  minutes,
  rate,
  achievedRate,
  skipped: paced.skipped,
  maxInFlight,
  windowSeconds,
  seed,
  store: dataDir === undefined ? 'memory' : 'data-dir',
  requests: counters.requests,
  errors: counters.errors,
  byOperation: counters.byOperation,
  resets: counters.resets,
  statuses: counters.statuses,
  errorExamples: counters.errorExamples,
  samples,
  windows,
  checks: [],
  pass: false,
};
result.checks = checks({ samples, windows, windowSeconds, errors: counters.errors, rate, achievedRate });
result.pass = result.checks.every((check) => check.met);
process.stdout.write(
  `\n${windowTable(result)}\n\n${checkTable(result.checks)}\n\n${summary(result)}\n(${seconds.toFixed(0)} s)\n`,
);
const files = writeResults(result, options.out ?? fileURLToPath(new URL('../results', import.meta.url)));
process.stdout.write(`wrote ${files.join(', ')}\n`);
process.exit(result.pass ? 0 : 1);
