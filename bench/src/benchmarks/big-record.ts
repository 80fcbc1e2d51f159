/**
 * Big record (issue 22, item 3): what one request on a video at the mock's guards (500 custom
 * fields, 256 KiB) costs, in memory and with a data dir (SQLite), beside the same requests on a
 * small video; and what refusing the flood of issue 22 (one PUT of 40,000 fields, 642 KB) costs.
 * In-process (`app.fetch`): the handlers run synchronously, so a request's latency here is the
 * CPU it holds the event loop for, i.e. how long it blocks requests on every other video.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createApp } from '@video-api/mock-server/node';
import { TMP_DIR } from '../lib/paths.js';
import { figure, percentile } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';

/** 500 fields of 500 characters: about 255,000 bytes, at the default guards. */
const FULL = Object.fromEntries(
  Array.from({ length: 500 }, (_, i) => [`field-${i}`, `${i}:`.padEnd(500, 'x')]),
);
const FLOOD = JSON.stringify({
  simpleCustomFields: Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`f-${i}`, 'x'])),
});
/** A block of the most a "few milliseconds" may be: the target of every figure here. */
const BOUND_MS = 5;

type Request = { label: string; make: (key: string, i: number) => globalThis.Request };
const REQUESTS: Request[] = [
  {
    label: 'PUT one small field',
    make: (key, i) =>
      new Request(`http://bench.local/api/v1/videos/${key}/custom-fields`, {
        method: 'PUT',
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ simpleCustomFields: { 'field-1': `run ${i}` } }),
      }),
  },
  {
    label: 'GET after a PUT',
    make: (key) =>
      new Request(`http://bench.local/api/v1/videos/${key}`, { headers: { authorization: AUTH } }),
  },
];

async function timed(app: ReturnType<typeof createApp>, request: globalThis.Request, status: number) {
  const started = performance.now();
  const response = await app.fetch(request);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== status)
    throw new Error(`${request.method} ${request.url} answered ${response.status}`);
  return ms;
}

async function measureStore(store: 'memory' | 'data-dir', rounds: number, runs: number) {
  mkdirSync(TMP_DIR, { recursive: true });
  const dataDir = store === 'data-dir' ? mkdtempSync(`${TMP_DIR}/big-record-`) : undefined;
  const app = createApp({ tokens: [TOKEN], logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
  try {
    const [big = '', small = ''] = await app.mock.seed([
      { title: 'big', simpleCustomFields: FULL },
      { title: 'small', simpleCustomFields: { 'field-1': 'x' } },
    ]);
    const p50 = new Map<string, number[]>();
    const add = (name: string, value: number) => p50.set(name, [...(p50.get(name) ?? []), value]);
    for (let run = 0; run <= runs; run++) {
      const samples = new Map<string, number[]>();
      for (let i = 0; i < rounds; i++) {
        for (const [size, key] of [
          ['big', big],
          ['small', small],
        ] as const) {
          for (const request of REQUESTS) {
            const ms = await timed(app, request.make(key, i), 200);
            const name = `${request.label}|${size}`;
            samples.set(name, [...(samples.get(name) ?? []), ms]);
          }
        }
        if (i % 10 === 0) {
          const refused = new Request(`http://bench.local/api/v1/videos/${small}/custom-fields`, {
            method: 'PUT',
            headers: { authorization: AUTH, 'content-type': 'application/json' },
            body: FLOOD,
          });
          const ms = await timed(app, refused, 400);
          samples.set('flood|small', [...(samples.get('flood|small') ?? []), ms]);
        }
      }
      if (run === 0) continue; // warm-up
      for (const [name, values] of samples) add(name, percentile(values, 50));
    }
    return p50;
  } finally {
    await app.mock.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const bigRecord: Benchmark = {
  name: 'big-record',
  title: 'Big record (a video at the guards: 500 fields, 256 KiB) beside a small one',
  async run({ quick, runs, log }) {
    const rounds = quick ? 50 : 200;
    const count = Math.max(runs, 3);
    const figures: Figure[] = [];
    for (const store of ['memory', 'data-dir'] as const) {
      const p50 = await measureStore(store, rounds, count);
      for (const request of REQUESTS) {
        const big = p50.get(`${request.label}|big`) ?? [];
        log(`  ${store} ${request.label}: ${big.map((v) => v.toFixed(2)).join('/')} ms`);
        figures.push(
          figure({
            name: `${store}: ${request.label} of the big video, p50`,
            unit: 'ms',
            better: 'lower',
            runs: big,
            baseline: { name: 'the small video', runs: p50.get(`${request.label}|small`) ?? [] },
            target: { text: `at most ${BOUND_MS} ms`, on: 'value', kind: 'max', bound: BOUND_MS },
          }),
        );
      }
      figures.push(
        figure({
          name: `${store}: refusing a PUT of 40,000 fields (642 KB), p50`,
          unit: 'ms',
          better: 'lower',
          runs: p50.get('flood|small') ?? [],
          target: { text: `at most ${BOUND_MS} ms`, on: 'value', kind: 'max', bound: BOUND_MS },
        }),
      );
    }
    return {
      setup: `In-process createApp() (no socket), in memory and with \`dataDir\` (SQLite); one video seeded at the default guards (500 custom fields of 500 characters, about 255,000 bytes) and one small; per run ${rounds} rounds of (PUT one field, then GET) on each, and every 10th round a PUT of 40,000 fields (642 KB, refused 400) on the small one; p50 per run, medians over ${count} runs after one warm-up run. The handlers run synchronously, so each latency is the time the request holds the event loop: how long it delays requests on other videos. Target: at most ${BOUND_MS} ms (issue 22: "a few milliseconds of CPU").`,
      figures,
      notes: [],
    };
  },
};
