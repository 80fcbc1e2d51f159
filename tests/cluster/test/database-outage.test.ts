/**
 * The database stopped under three running instances (a cluster this test owns, `pg_ctl stop`):
 * every request answers 503 `database-unavailable` (problem+json, Retry-After) within 10 s, never a
 * hang or a 500; /readyz says 503 and /healthz 200. Started again, the same processes serve again
 * without a restart. An instance started while the database is down says so on stderr, listens,
 * and serves once the database is up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type OwnCluster, startOwnCluster } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, createVideos, getVideo, putFields, send, sleep } from '../src/api.js';
import { type Cluster, startCluster } from '../src/cluster.js';
import { type Instance, startInstance } from '../src/instance.js';

const BOUND_MS = 10_000;

let own: OwnCluster;
let cluster: Cluster;
let late: Instance | undefined;
let key: string;
beforeAll(async () => {
  own = await startOwnCluster();
  cluster = await startCluster({ databaseUrl: own.url, args: ['--processing-ms', '0'] });
  const created = await createVideos(cluster.url, ['kept through the outage']);
  key = (created.body[0] as { key: string }).key;
  expect((await putFields(cluster.url, key, { before: 'outage' })).status).toBe(200);
});
afterAll(async () => {
  await late?.stop();
  await cluster?.stop();
  await own?.dispose();
});

/** Sends `request`, returning its answer and how long it took. */
async function timed(request: () => Promise<Answer>): Promise<{ answer: Answer; ms: number }> {
  const began = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - began };
}

/** The three operations of the document against `base`, at once. */
const operations = (base: string) => [
  () => getVideo(base, key),
  () => putFields(base, key, { during: 'outage' }),
  () => createVideos(base, ['during the outage']),
];

/** Polls `base` until a get answers 200; resolves with the milliseconds it took. */
async function recovered(base: string, since: number, boundMs = 30_000): Promise<number> {
  for (;;) {
    const answer = await getVideo(base, key).catch(() => undefined);
    if (answer?.status === 200) return performance.now() - since;
    expect(performance.now() - since, `${base} serves again`).toBeLessThan(boundMs);
    await sleep(100);
  }
}

function expectUnavailable({ answer, ms }: { answer: Answer; ms: number }, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.headers.get('x-mock-error'), what).toBe('database-unavailable');
  expect(answer.headers.get('content-type'), what).toContain('application/problem+json');
  expect(Number(answer.headers.get('retry-after')), what).toBeGreaterThanOrEqual(1);
  expect(ms, `${what} answered within ${BOUND_MS} ms`).toBeLessThan(BOUND_MS);
}

describe('the database stopped and started again under three instances', () => {
  it('answers 503 database-unavailable promptly, then the same processes serve again', async () => {
    const pids = cluster.instances.map((instance) => instance.pid);
    await own.stop();
    const latencies: number[] = [];
    for (let round = 0; round < 2; round++) {
      const direct = cluster.instances.flatMap((instance) =>
        operations(instance.url).map(async (request, i) => {
          const result = await timed(request);
          expectUnavailable(result, `round ${round}, operation ${i} on ${instance.upstream}`);
          latencies.push(result.ms);
        }),
      );
      const balanced = operations(cluster.url).map(async (request, i) => {
        const result = await timed(request);
        expectUnavailable(result, `round ${round}, operation ${i} through nginx`);
        latencies.push(result.ms);
      });
      await Promise.all([...direct, ...balanced]);
    }
    for (const instance of cluster.instances) {
      const ready = await timed(() => send(instance.url, 'GET', '/readyz'));
      expect(ready.answer.status, instance.upstream).toBe(503);
      expect(ready.answer.headers.get('retry-after'), instance.upstream).not.toBeNull();
      expect(ready.ms).toBeLessThan(BOUND_MS);
      expect((await send(instance.url, 'GET', '/healthz')).status, instance.upstream).toBe(200);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `503 while down: ${latencies.length} requests, median ${latencies[latencies.length >> 1]?.toFixed(0)} ms, ` +
        `slowest ${latencies.at(-1)?.toFixed(0)} ms`,
    );

    const restarting = performance.now();
    await own.start();
    const started = performance.now() - restarting;
    const since = performance.now();
    const times = await Promise.all(cluster.instances.map((instance) => recovered(instance.url, since)));
    console.log(
      `database start ${started.toFixed(0)} ms; instances serving again after ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    expect(cluster.instances.map((instance) => instance.pid)).toEqual(pids);
    for (const instance of cluster.instances) {
      expect(instance.alive(), instance.upstream).toBe(true);
      const read = await getVideo(instance.url, key);
      expect(read.status, `${instance.upstream}: ${JSON.stringify(read.body)}`).toBe(200);
      expect(read.body.simpleCustomFields, instance.upstream).toEqual({ before: 'outage' });
      expect((await send(instance.url, 'GET', '/readyz')).status, instance.upstream).toBe(200);
      // Not one answer and then a wait: every connection of its pool serves again (a burst wider
      // than the pool reaches those that failed during the outage).
      const burst = await Promise.all(Array.from({ length: 24 }, () => getVideo(instance.url, key)));
      expect(
        burst.map((answer) =>
          answer.status === 200 ? 200 : `${answer.status} ${JSON.stringify(answer.body)}`,
        ),
        instance.upstream,
      ).toEqual(burst.map(() => 200));
    }
    expect((await putFields(cluster.url, key, { after: 'outage' })).status).toBe(200);
  });

  it('an instance started while the database is down waits, says so on stderr, and serves once it is up', async () => {
    await own.stop();
    const stderrFile = join(cluster.dataDir, 'late-instance.stderr');
    late = await startInstance({ databaseUrl: own.url, dataDir: cluster.dataDir, stderrFile });
    const logged = () => readFileSync(stderrFile, 'utf8');
    const waiting = logged()
      .split('\n')
      .filter((line) => line.includes('"msg":"waiting for the database"'));
    expect(waiting.length, logged()).toBe(1);
    expect(JSON.parse(waiting[0] as string)).toMatchObject({
      level: 'warn',
      database: `127.0.0.1:${own.port}/postgres`,
      reason: expect.stringContaining('ECONNREFUSED'),
    });
    expect(late.output(), 'the log lines go to stderr, not stdout').not.toContain('waiting for the database');
    expect((await send(late.url, 'GET', '/readyz')).status).toBe(503);
    expect((await send(late.url, 'GET', '/healthz')).status).toBe(200);
    expectUnavailable(
      await timed(() => getVideo((late as Instance).url, key)),
      'a get before the database is up',
    );

    await own.start();
    const since = performance.now();
    const after = await recovered(late.url, since);
    console.log(
      `instance started while the database was down: serving ${after.toFixed(0)} ms after the database started`,
    );
    const read = await getVideo(late.url, key);
    expect(read.body.simpleCustomFields).toEqual({ before: 'outage', after: 'outage' });
    expect((await send(late.url, 'GET', '/readyz')).status).toBe(200);
    expect(logged()).toContain('"msg":"database ready"');
  });
});
