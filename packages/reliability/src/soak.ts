/**
 * `pnpm soak`: mixed load against the mock (a separate process) for N minutes (default 10),
 * sampling its RSS and counting requests and errors every 10 s. Prints a table, writes
 * results/soak-latest.{json,md}, and exits 1 on any error or RSS growth of 10 % or more.
 *
 * Flags: --minutes N, --workers N (default 4), --seed N (default 1), --interval-seconds N
 * (default 10), --memory (in-memory store instead of a data dir).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { emptyCounters, runWorker } from './soak/load.js';
import { sampleTable, summary, writeResults } from './soak/report.js';
import type { SoakResult, SoakSample } from './soak/types.js';
import { verdict } from './soak/verdict.js';
import { startMockProcess } from './support/mock-process.js';
import { readRss } from './support/rss.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    workers: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    'interval-seconds': { type: 'string', default: '10' },
    memory: { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const workers = Number(values.workers);
const seed = Number(values.seed);
const intervalMs = Number(values['interval-seconds']) * 1000;
for (const [name, value] of Object.entries({ minutes, workers, seed, intervalMs })) {
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`soak: --${name} must be a positive number\n`);
    process.exit(2);
  }
}

const dataDir = values.memory ? undefined : mkdtempSync(join(tmpdir(), 'video-api-soak-'));
const mock = await startMockProcess(dataDir === undefined ? [] : ['--data-dir', dataDir]);
const startedAt = new Date().toISOString();
const start = Date.now();
const end = start + minutes * 60_000;
const counters = emptyCounters();
const samples: SoakSample[] = [];
let last = { requests: 0, errors: 0 };
process.stdout.write(`soak: ${minutes} min against ${mock.url} (pid ${mock.pid})\n`);
const sampler = setInterval(() => {
  const rssBytes = readRss(mock.pid) ?? 0;
  const sample = {
    atSeconds: Math.round((Date.now() - start) / 1000),
    requests: counters.requests - last.requests,
    errors: counters.errors - last.errors,
    rssBytes,
  };
  last = { requests: counters.requests, errors: counters.errors };
  samples.push(sample);
  process.stdout.write(
    `t=${sample.atSeconds}s requests=${sample.requests} errors=${sample.errors} rss=${(rssBytes / 1048576).toFixed(1)}MiB\n`,
  );
}, intervalMs);
const keys: string[] = [];
await Promise.all(
  Array.from({ length: workers }, (_, i) =>
    runWorker(mock.url, seed * 1000 + i, keys, counters, () => Date.now() < end),
  ),
);
clearInterval(sampler);
await mock.stop();
if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });

const result: SoakResult = {
  startedAt,
  minutes,
  workers,
  seed,
  store: dataDir === undefined ? 'memory' : 'data-dir',
  requests: counters.requests,
  errors: counters.errors,
  byOperation: counters.byOperation,
  statuses: counters.statuses,
  errorExamples: counters.errorExamples,
  samples,
  ...verdict(samples, counters.errors),
};
process.stdout.write(`\n${sampleTable(result)}\n\n${summary(result)}\n`);
writeResults(result, fileURLToPath(new URL('../results', import.meta.url)));
process.exit(result.pass ? 0 : 1);
