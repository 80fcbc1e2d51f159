/**
 * A database that goes away is the server's trouble, with a defined answer: each request gets the
 * mock's 503 database-unavailable (problem+json, Retry-After) within a bounded time, never a hang
 * or a 500; /readyz says not ready while /healthz stays alive; the pool reconnects by itself and
 * the same app serves again. A mock started while its database is down waits and then serves.
 * On a PostgreSQL cluster of the test's own (a real outage: pg_ctl stop, then start).
 */
import { type OwnCluster, startOwnCluster } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import type { MockApp } from '../../src/types.js';

let cluster: OwnCluster;
const apps: MockApp[] = [];
beforeAll(async () => {
  cluster = await startOwnCluster();
}, 120_000);
afterAll(async () => {
  await cluster?.start().catch(() => {});
  for (const app of apps) await app.mock.close();
  await cluster?.dispose();
});

const auth = { authorization: 'Bearer mock-token' };
const lines: string[] = [];
/** A mock with a pool of its own (a URL of its own), as a process of its own would have. */
const mock = (name: string) => {
  const app = createApp({
    databaseUrl: `${cluster.url}?application_name=${name}`,
    databaseStatementTimeoutMs: 2000,
    logLevel: 'info',
    logger: (line) => lines.push(line),
    transcode: 'off',
  });
  apps.push(app);
  return app;
};

async function timed(work: () => Response | Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await work();
  return { res, ms: performance.now() - started };
}

describe('the database goes away and comes back', () => {
  it('answers 503 database-unavailable promptly, then serves again without a restart', async () => {
    const app = mock('serving');
    const created = await app.request('/api/v1/videos', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'kept' }] }),
    });
    expect(created.status).toBe(200);
    const [{ key }] = (await created.json()) as [{ key: string }];
    await cluster.stop();
    const requests = [
      () => app.request(`/api/v1/videos/${key}`, { headers: auth }),
      () =>
        app.request(`/api/v1/videos/${key}/custom-fields`, {
          method: 'PUT',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ simpleCustomFields: { a: '1' } }),
        }),
      () =>
        app.request('/api/v1/videos', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'refused' }] }),
        }),
    ];
    for (const request of requests) {
      const { res, ms } = await timed(request);
      expect(res.status).toBe(503);
      expect(res.headers.get('x-mock-error')).toBe('database-unavailable');
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ status: 503, code: 'database-unavailable' });
      expect(ms).toBeLessThan(10_000);
    }
    expect((await app.request('/readyz')).status).toBe(503);
    expect((await app.request('/healthz')).status).toBe(200);
    await cluster.start();
    let answer = 0;
    for (let i = 0; i < 100 && answer !== 200; i++) {
      answer = (await app.request(`/api/v1/videos/${key}`, { headers: auth })).status;
      if (answer !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answer).toBe(200);
    expect((await app.request('/readyz')).status).toBe(200);
  }, 60_000);

  it('started while the database is down, waits with a log line and serves once it is up', async () => {
    await cluster.stop();
    const app = mock('late');
    const early = await timed(() => app.request('/api/v1/videos/v-0001', { headers: auth }));
    expect(early.res.status).toBe(503);
    expect(early.ms).toBeLessThan(10_000);
    expect(await (await app.request('/readyz')).json()).toMatchObject({ status: 'starting' });
    expect(lines.some((line) => line.includes('waiting for the database'))).toBe(true);
    await cluster.start();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      status = (await app.request('/readyz')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await app.request('/api/v1/videos/v-0001', { headers: auth })).status).toBe(200);
  }, 60_000);
});
