/**
 * Issue 25's acceptance, measured: the contract suite's `safe` profile against a correct server (the
 * mock) behind a limiter that answers 20 % of requests 429 with `Retry-After` — 10 batches of 10
 * runs, each with its own limiter seed — and what `safe` sends: the largest declared length and the
 * videos it creates, counted at the limiter (the server's side).
 */
import { runContract } from '@video-api/contract';
import { createApp } from '@video-api/mock-server/node';
import { figure } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';

const TOKENS = ['contract-token', 'contract-other-token'];
const SHARE = 0.2;
const GIB = 2 ** 30;

/** A seeded uniform draw in [0, 1) (mulberry32), one stream per run. */
function draw(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Counts {
  requests: number;
  limited: number;
  largestDeclared: number;
  created: number;
}

/** The videos a 2xx create answer lists (an array, or an object holding one). */
async function createdIn(response: Response): Promise<number> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (Array.isArray(body)) return body.length;
  const list = Object.values((body ?? {}) as Record<string, unknown>).find(Array.isArray);
  return list ? list.length : 0;
}

/** One `safe` run behind the limiter; resolves with its verdicts and what the limiter counted. */
async function runOnce(seed: number): Promise<{ failed: string[]; counts: Counts; ms: number }> {
  const app = createApp({
    tokens: TOKENS,
    processingMs: 150,
    logLevel: 'silent',
    rateLimit: { requests: 1000, windowMs: 1000 },
  });
  const next = draw(seed);
  const counts: Counts = { requests: 0, limited: 0, largestDeclared: 0, created: 0 };
  const limiter = async (request: Request): Promise<Response> => {
    counts.requests += 1;
    const declared = Number(request.headers.get('content-length') ?? 0);
    counts.largestDeclared = Math.max(counts.largestDeclared, declared);
    if (next() < SHARE) {
      counts.limited += 1;
      await request.body?.cancel();
      return new Response('slow down', { status: 429, headers: { 'retry-after': '0' } });
    }
    const response = await app.fetch(request);
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path === '/api/v1/videos' && response.ok)
      counts.created += await createdIn(response);
    return response;
  };
  const started = performance.now();
  try {
    const report = await runContract(
      {
        baseUrl: 'http://mock.local',
        uploadBaseUrl: 'http://mock.local',
        token: TOKENS[0] as string,
        otherToken: TOKENS[1] as string,
        projectKey: 'bench',
        fetch: limiter,
      },
      { profile: 'safe', registerWebhook: async (url) => app.mock.webhooks.register({ url }) },
    );
    const failed = report.checks
      .filter((check) => check.verdict === 'fail')
      .map((check) => `${check.name}: ${String(check.detail).slice(0, 160)}`);
    return { failed, counts, ms: performance.now() - started };
  } finally {
    await app.mock.close();
  }
}

export const contractLimiter: Benchmark = {
  name: 'contract-limiter',
  title: 'Contract suite, safe profile, behind a 20 % 429 limiter (10 runs of 10)',
  async run({ quick, log }) {
    const batches = quick ? 2 : 10;
    const notes: string[] = [];
    const passedPerBatch: number[] = [];
    const largest: number[] = [];
    const created: number[] = [];
    const limited: number[] = [];
    const durations: number[] = [];
    for (let batch = 0; batch < batches; batch++) {
      let passed = 0;
      for (let run = 0; run < 10; run++) {
        const seed = batch * 10 + run + 1;
        const result = await runOnce(seed);
        durations.push(result.ms);
        largest.push(result.counts.largestDeclared);
        created.push(result.counts.created);
        limited.push(result.counts.limited / result.counts.requests);
        if (result.failed.length === 0) passed += 1;
        else
          notes.push(
            `seed ${seed}: ${result.failed.length} failed (${result.failed.slice(0, 2).join('; ')}).`,
          );
      }
      passedPerBatch.push(passed);
      log(`  batch ${batch + 1}: ${passed} of 10 runs passed`);
    }
    return {
      setup: `runContract with profile 'safe' against createApp() in this process (processingMs 150), through a limiter that answers a seeded ${SHARE * 100} % of requests 429 with Retry-After: 0 (the suite waits what it asks, from its --max-wait budget); ${batches} batches of 10 runs, seeds 1..${batches * 10}. Counts taken at the limiter, the server's side.`,
      figures: [
        figure({
          name: 'fewest runs passed in a batch of 10',
          unit: 'runs',
          better: 'higher',
          runs: [Math.min(...passedPerBatch)],
          target: { text: '10 of 10 in every batch', on: 'value', kind: 'min', bound: 10 },
        }),
        figure({
          name: 'largest declared request length, any run',
          unit: 'bytes',
          better: 'lower',
          runs: [Math.max(...largest)],
          target: { text: 'never over 1 GiB', on: 'value', kind: 'max', bound: GIB },
        }),
        figure({
          name: 'most videos created by a run',
          unit: 'videos',
          better: 'lower',
          runs: [Math.max(...created)],
          target: { text: 'at most 10', on: 'value', kind: 'max', bound: 10 },
        }),
        figure({
          name: 'share of requests answered 429 (median run)',
          unit: 'share',
          better: 'lower',
          runs: limited,
        }),
        figure({ name: 'one run', unit: 'ms', better: 'lower', runs: durations }),
      ],
      notes,
    };
  },
};
