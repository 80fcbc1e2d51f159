/**
 * The full fuzz run (`pnpm --filter @video-api/reliability fuzz`): N generated requests (default
 * 10 000) in-process over every operation, then the raw-socket cases and mutated raw requests
 * against a listening server.
 * Prints the tallies as JSON and writes them to results/fuzz-latest.json; exits 1 on any 5xx, crash
 * or bad error response.
 *
 * Flags: --requests N (default 10000), --raw-mutations N (mutated raw requests, default 2000),
 * --seed N (default 20261122), --data-dir (SQLite state in a
 * temporary folder), --random-readings N (readings drawn from seed N; expectations then relax to
 * "no 5xx, every error with a message", since a reading may refuse what the defaults accept).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { fuzzCase } from './fuzz/cases.js';
import { rawMutation } from './fuzz/raw-mutations.js';
import { runRawCases } from './fuzz/raw-run.js';
import { runCases } from './fuzz/run.js';
import { createFuzzTarget } from './fuzz/target.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261122' },
    'data-dir': { type: 'boolean', default: false },
    'random-readings': { type: 'string' },
    'raw-mutations': { type: 'string', default: '2000' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
let processErrors = 0;
process.on('uncaughtException', (error) => {
  processErrors += 1;
  process.stderr.write(`uncaught: ${error.stack}\n`);
});
process.on('unhandledRejection', (error) => {
  processErrors += 1;
  process.stderr.write(`unhandled rejection: ${String(error)}\n`);
});

const randomReadings =
  values['random-readings'] === undefined ? undefined : Number(values['random-readings']);
const { app, keys, close } = await createFuzzTarget({
  dataDir: values['data-dir'],
  ...(randomReadings !== undefined && { randomReadings }),
});
const started = Date.now();
const cases = fc.sample(fuzzCase(keys), { seed, numRuns: requests });
const stats = await runCases(
  app,
  randomReadings === undefined ? cases : cases.map((c) => ({ ...c, expect: 'any' as const })),
  seed,
);
await close();
const raw = await runRawCases(
  undefined,
  fc.sample(rawMutation, { seed, numRuns: Number(values['raw-mutations']) }),
);
const result = {
  ...stats,
  processErrors,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  raw,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
const folder = fileURLToPath(new URL('../results', import.meta.url));
mkdirSync(folder, { recursive: true });
const options = { requests, seed, dataDir: values['data-dir'], randomReadings: randomReadings ?? null };
writeFileSync(`${folder}/fuzz-latest.json`, `${JSON.stringify({ options, ...result }, null, 2)}\n`);
const failed =
  stats.serverErrors +
  stats.crashes +
  stats.badResponses +
  processErrors +
  raw.serverErrors +
  raw.problems.length;
process.stdout.write(
  `\nfuzz: ${stats.requests} in-process requests + ${raw.requests} raw-socket requests, 5xx ${stats.serverErrors + raw.serverErrors}, crashes ${stats.crashes + processErrors}, bad error responses ${stats.badResponses + raw.problems.length - raw.serverErrors}\n`,
);
process.exit(failed === 0 ? 0 : 1);
