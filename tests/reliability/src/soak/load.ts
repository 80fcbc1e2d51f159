/**
 * The soak's mixed load: create, upload (small files), get, put and occasional bad requests, drawn
 * from a seeded PRNG, each request timed and counted in its window. An outcome is an error
 * when the request failed at the network level, got a 5xx, or got a status its kind does not expect
 * (a valid request must succeed, a bad one must get a 4xx).
 */

import { seededRandom } from '@video-api/mock-server/node';
import { fileForm, JSON_AUTH, paths, TOKEN } from '../support/http.js';
import type { SoakOperation } from './types.js';
import { emptyBucket, type WindowBucket } from './windows.js';

interface LoadCounters {
  requests: number;
  errors: number;
  byOperation: Record<SoakOperation, number>;
  statuses: Record<string, number>;
  errorExamples: string[];
  /** Requests by the window they were sent in. */
  buckets: WindowBucket[];
  /** Resets of the mock, one at the start of each window after the first. */
  resets: number;
}

function emptyCounters(): LoadCounters {
  return {
    requests: 0,
    errors: 0,
    byOperation: { create: 0, upload: 0, get: 0, put: 0, bad: 0 },
    statuses: {},
    errorExamples: [],
    buckets: [],
    resets: 0,
  };
}

const MIX: [SoakOperation, number][] = [
  ['create', 0.08],
  ['upload', 0.12],
  ['get', 0.45],
  ['put', 0.3],
  ['bad', 0.05],
];

function pick(next: () => number): SoakOperation {
  let roll = next();
  for (const [operation, share] of MIX) {
    roll -= share;
    if (roll < 0) return operation;
  }
  return 'get';
}

const BAD_REQUESTS: ((base: string, key: string) => [string, RequestInit])[] = [
  (base) => [`${base}${paths.create}`, { method: 'POST', headers: JSON_AUTH, body: '{"projectKey":' }],
  (base, key) => [`${base}${paths.get(key)}`, { headers: { authorization: 'Bearer wrong-token' } }],
  (base, key) => [
    `${base}${paths.fields(key)}`,
    { method: 'PUT', headers: JSON_AUTH, body: JSON.stringify({ simpleCustomFields: { n: { deep: 1 } } }) },
  ],
  (base) => [`${base}${paths.get('no-such-video')}`, { headers: JSON_AUTH }],
  (base, key) => [
    `${base}${paths.upload(key)}`,
    { method: 'POST', headers: { ...JSON_AUTH, 'content-type': 'text/plain' }, body: 'not a form' },
  ],
];

type Planned = [url: string, init: RequestInit, expectOk: boolean];

/** The request of one step: a valid one of `operation` (expects 2xx), or a bad one (expects 4xx). */
function plan(
  operation: SoakOperation,
  base: string,
  key: string,
  n: number,
  seed: number,
  payload: Uint8Array<ArrayBuffer>,
): Planned {
  switch (operation) {
    case 'create': {
      const body = JSON.stringify({ projectKey: 'soak', videos: [{ title: `soak ${seed}-${n}` }] });
      return [`${base}${paths.create}`, { method: 'POST', headers: JSON_AUTH, body }, true];
    }
    case 'upload':
      return [
        `${base}${paths.upload(key)}`,
        { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: fileForm(payload) },
        true,
      ];
    case 'get':
      return [`${base}${paths.get(key)}`, { headers: JSON_AUTH }, true];
    case 'put': {
      const body = JSON.stringify({ simpleCustomFields: { [`f${n % 16}`]: n, note: `worker ${seed}` } });
      return [`${base}${paths.fields(key)}`, { method: 'PUT', headers: JSON_AUTH, body }, true];
    }
    case 'bad': {
      const bad = BAD_REQUESTS[n % BAD_REQUESTS.length] as (b: string, k: string) => [string, RequestInit];
      return [...bad(base, key), false];
    }
  }
}

/** A load of one run: `send()` makes the next request of the mix and counts its outcome. */
export interface Load {
  counters: LoadCounters;
  send(): Promise<void>;
}

/**
 * The mixed load against `base`, drawn from `seed`. Videos come from a pool of at most 200 keys.
 * The interface deletes no video, so every create adds a record the mock keeps (about 2.8 KiB of
 * RSS each, measured: 10,300 videos in 21 minutes grew it 115 → 143 MiB); to measure leaks rather
 * than that store, each new window starts from a reset mock (`POST /__mock/reset` once the last
 * window's requests are answered; the store then holds one window's videos at most, and the reset
 * path is exercised too). Each request is counted in the window of `windowMs` it was sent in (one
 * sent after the last of `windowCount` windows ended counts in the last), with its latency (send
 * to last body byte).
 *
 * @example
 * const load = createLoad(url, 1, 300_000, 12);
 * await load.send();
 * load.counters.buckets[0]?.latenciesMs.length; // 1
 */
export function createLoad(base: string, seed: number, windowMs: number, windowCount: number): Load {
  const next = seededRandom(seed);
  const payload = new Uint8Array(4096).map((_, i) => (i * 31 + seed) & 0xff);
  const counters = emptyCounters();
  const keys: string[] = [];
  const start = performance.now();
  const windowOf = (at: number) => Math.min(windowCount - 1, Math.floor((at - start) / windowMs));
  const inFlight = new Set<Promise<unknown>>();
  let stateWindow = 0;
  let resetting: Promise<void> | undefined;
  let n = 0;
  /** Waits for the requests in flight, then resets the mock; its failure is an error of the run. */
  async function reset(): Promise<void> {
    await Promise.allSettled([...inFlight]);
    const problem = await fetch(`${base}/__mock/reset`, { method: 'POST' }).then(
      async (response) => (response.ok ? undefined : `reset: ${response.status} ${await response.text()}`),
      (error: Error) => `reset: ${error.message}`,
    );
    keys.length = 0;
    counters.resets += 1;
    if (problem !== undefined) {
      counters.errors += 1;
      if (counters.errorExamples.length < 20) counters.errorExamples.push(problem);
    }
  }
  async function send(): Promise<void> {
    if (windowOf(performance.now()) !== stateWindow && resetting === undefined) {
      stateWindow = windowOf(performance.now());
      resetting = reset().finally(() => {
        resetting = undefined;
      });
    }
    if (resetting !== undefined) await resetting;
    n += 1;
    const operation = keys.length === 0 ? 'create' : pick(next);
    const key = keys[Math.floor(next() * keys.length)] ?? 'v-0001';
    const [url, init, expectOk] = plan(operation, base, key, n, seed, payload);
    const sentAt = performance.now();
    const index = windowOf(sentAt);
    while (counters.buckets.length <= index) counters.buckets.push(emptyBucket());
    const bucket = counters.buckets[index] as WindowBucket;
    counters.requests += 1;
    bucket.requests += 1;
    counters.byOperation[operation] += 1;
    let problem: string | undefined;
    try {
      const answered = fetch(url, init).then(async (response) => [response, await response.text()] as const);
      inFlight.add(answered);
      const [response, text] = await answered.finally(() => inFlight.delete(answered));
      bucket.latenciesMs.push(performance.now() - sentAt);
      counters.statuses[response.status] = (counters.statuses[response.status] ?? 0) + 1;
      const fine = expectOk ? response.ok : response.status >= 400 && response.status < 500;
      if (!fine)
        problem = `${operation} ${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 200)}`;
      if (response.ok && operation === 'create') {
        const [created] = JSON.parse(text) as { key: string }[];
        if (created) {
          if (keys.length < 200) keys.push(created.key);
          else keys[Math.floor(next() * keys.length)] = created.key;
        }
      }
    } catch (error) {
      problem = `${operation} ${url}: ${(error as Error).message} ${String((error as Error).cause ?? '')}`;
    }
    if (problem !== undefined) {
      counters.errors += 1;
      bucket.errors += 1;
      if (counters.errorExamples.length < 20) counters.errorExamples.push(problem);
    }
  }
  return { counters, send };
}
