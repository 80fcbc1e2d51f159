/**
 * Webhook deliveries as jobs on PostgreSQL (issue 36, item 4): how fast deliveries are taken
 * (`FOR UPDATE SKIP LOCKED` under a lease), attempted and settled when one mock takes them, and
 * when three mocks on the same database take them at once. Each "instance" is a mock of its own
 * (`createApp` with `databaseUrl`, a pool of its own) in this process; a receiver on loopback
 * answers 204 at once, so the figure is the queue's, not the receiver's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@video-api/mock-server/node';
import { benchDatabase } from '../lib/pg-servers.js';
import { figure, percentile } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';

const TARGETS = 8;

/** A receiver that answers 204 and keeps, per delivery, the ms from the event to its arrival. */
async function receiver() {
  const latencies: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { createdAt: string };
      latencies.push(Date.now() - Date.parse(body.createdAt));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, latencies, close: () => server.close() };
}

/** One run: `takers` mocks on a fresh database, `events` events to TARGETS targets; deliveries/s and latencies. */
async function runOnce(takers: number, events: number) {
  const db = await benchDatabase('pg_jobs');
  const hooks = await receiver();
  const apps = Array.from({ length: takers }, (_, i) =>
    createApp({
      databaseUrl: `${db.url}?application_name=taker-${i}`,
      transcode: 'off',
      logLevel: 'silent',
      readings: { 'webhook-events': 'ready-only' },
    }),
  );
  try {
    const [first] = apps;
    if (!first) throw new Error('no taker');
    for (let t = 0; t < TARGETS; t++) first.mock.webhooks.register({ url: `${hooks.url}/t${t}` });
    await first.mock.webhooks.sync();
    for (const app of apps) await app.mock.webhooks.sync();
    const videos = await first.mock.seed(Array.from({ length: events }, (_, i) => ({ title: `v${i}` })));
    const began = performance.now();
    // `makeReady` emits one event per video (ready-only): queued by the first mock, taken by any
    for (const key of videos) await first.mock.makeReady(key);
    const madeMs = performance.now() - began;
    const total = events * TARGETS;
    while (hooks.latencies.length < total) await new Promise((resolve) => setTimeout(resolve, 5));
    const seconds = (performance.now() - began) / 1000;
    return {
      madeMs,
      perSecond: total / seconds,
      p50: percentile(hooks.latencies, 50),
      p99: percentile(hooks.latencies, 99),
    };
  } finally {
    for (const app of apps) await app.mock.close();
    hooks.close();
    await db.drop();
  }
}

export const pgJobs: Benchmark = {
  name: 'pg-jobs',
  title: 'Webhook deliveries as jobs on PostgreSQL: one mock taking them, and three at once',
  async run({ quick, runs, log }) {
    const events = quick ? 100 : 250;
    const rounds = Math.max(runs, quick ? 1 : 3);
    type Run = Awaited<ReturnType<typeof runOnce>>;
    const results: Record<'one' | 'three', Run[]> = { one: [], three: [] };
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? (['one', 'three'] as const) : (['three', 'one'] as const)) {
        const result = await runOnce(side === 'one' ? 1 : 3, events);
        results[side].push(result);
        log(
          `  ${side} taker(s), round ${round + 1}: ${Math.round(result.perSecond)} deliveries/s (the events made in ${Math.round(result.madeMs)} ms), event to arrival p50 ${result.p50} ms, p99 ${result.p99} ms`,
        );
      }
    }
    const of = (side: 'one' | 'three', field: 'perSecond' | 'p50' | 'p99') =>
      results[side].map((r) => r[field]);
    const baseline = (field: 'perSecond' | 'p50' | 'p99') => ({
      name: 'one mock taking',
      runs: of('one', field),
    });
    return {
      setup: `A fresh database per run on the machine's PostgreSQL. ${TARGETS} webhook targets (one loopback receiver answering 204 at once), ${events} events (webhook-events=ready-only, one per video made ready), so ${events * TARGETS} deliveries; taken by one mock, or by three mocks on the same database (each createApp with a pool of its own, in this process), each taking up to 8 at once; ${rounds} rounds, the order alternating. Latency: from the event's time to its arrival at the receiver (queueing, claim, attempt, settle).`,
      figures: [
        figure({
          name: 'deliveries per second, three mocks taking vs one',
          unit: 'deliveries/s',
          better: 'higher',
          runs: of('three', 'perSecond'),
          baseline: baseline('perSecond'),
        }),
        figure({
          name: 'event to arrival p50, three mocks vs one',
          unit: 'ms',
          better: 'lower',
          runs: of('three', 'p50'),
          baseline: baseline('p50'),
        }),
        figure({
          name: 'event to arrival p99, three mocks vs one',
          unit: 'ms',
          better: 'lower',
          runs: of('three', 'p99'),
          baseline: baseline('p99'),
        }),
      ],
      notes: [],
    };
  },
};
