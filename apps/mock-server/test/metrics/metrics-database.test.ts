/**
 * With a database (`databaseUrl`), `GET /__mock/metrics` shows the pool's size and the queries
 * in flight, beside the requests counted as in memory.
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import { openDatabase } from '../../src/node/postgres/database.js';
import { createLog } from '../../src/shared/log.js';
import type { MockApp } from '../../src/types.js';
import { sample, scrape } from './scrape.js';

let database: TestDatabase;
let mock: MockApp | undefined;
beforeAll(async () => {
  database = await createTestDatabase('metrics');
}, 120_000);
afterAll(async () => {
  await mock?.mock.close();
  await database?.drop();
});

describe('metrics with a database', () => {
  it('show the pool size and the queries in flight', async () => {
    mock = createApp({ databaseUrl: database.url, databasePoolSize: 7, transcode: 'off' });
    // Up once its migrations are applied (a fresh database takes a while on a busy machine).
    await vi.waitFor(async () => expect((await mock?.request('/readyz'))?.status).toBe(200), {
      timeout: 60_000,
      interval: 100,
    });
    const auth = { authorization: 'Bearer mock-token' };
    const created = await mock.request('/api/v1/videos', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'a' }] }),
    });
    expect(created.status).toBe(200);
    const [{ key }] = (await created.json()) as [{ key: string }];
    expect((await mock.request(`/api/v1/videos/${key}`, { headers: auth })).status).toBe(200);

    const { res, body } = await scrape(mock);
    expect(res.status).toBe(200);
    expect(sample(body, 'video_api_mock_database_pool_size')).toBe(7);
    // Nothing runs while the scrape is answered: every query of the requests above has ended.
    expect(sample(body, 'video_api_mock_database_queries_in_flight')).toBe(0);
    expect(sample(body, 'video_api_mock_requests_total{operation="createVideos",status="200"}')).toBe(1);
    expect(sample(body, 'video_api_mock_requests_total{operation="getVideo",status="200"}')).toBe(1);
    expect(sample(body, 'video_api_mock_webhook_deliveries_pending')).toBe(0);

    // A query held running on the same pool is one in flight while it runs.
    const log = createLog('silent', () => {});
    const options = { url: database.url, poolSize: 7, statementTimeoutMs: 5000, connectTimeoutMs: 5000, log };
    const pool = openDatabase(options);
    const sleeping = pool.run((sql) => sql`select pg_sleep(0.5)`);
    await vi.waitFor(async () => {
      const during = (await scrape(mock as MockApp)).body;
      expect(sample(during, 'video_api_mock_database_queries_in_flight')).toBe(1);
    });
    await sleeping;
    await pool.release();
    expect(sample((await scrape(mock)).body, 'video_api_mock_database_queries_in_flight')).toBe(0);
  }, 90_000);
});
