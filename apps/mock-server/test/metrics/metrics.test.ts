/**
 * `GET /__mock/metrics` under Node: after some requests a scrape shows them counted by operation
 * and status, their latency histogram, the process's default metrics and the default state's
 * webhook deliveries pending and given up; the admin token guards it.
 */
import { refusedUrl } from '@video-api/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import type { MockApp } from '../../src/types.js';
import { sample, scrape } from './scrape.js';

const apps: MockApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.mock.close();
});
const auth = { authorization: 'Bearer mock-token' };

function app(options: Parameters<typeof createApp>[0] = {}): MockApp {
  const made = createApp({ transcode: 'off', ...options });
  apps.push(made);
  return made;
}

describe('GET /__mock/metrics', () => {
  it('counts requests by operation and status, with a latency histogram and the process metrics', async () => {
    const mock = app();
    const created = await mock.request('/api/v1/videos', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'a' }] }),
    });
    const [{ key }] = (await created.json()) as [{ key: string }];
    for (let i = 0; i < 3; i++) await mock.request(`/api/v1/videos/${key}`, { headers: auth });
    await mock.request('/api/v1/videos/v-none', { headers: auth });
    await mock.request('/api/v1/videos/v-none'); // no token: 401
    await mock.request('/__mock/readings');
    await mock.request('/hls/v-none/nowhere.txt');
    await mock.request('/no/such/path/1');
    await mock.request('/no/such/path/2');

    const { res, body } = await scrape(mock);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const requests = (operation: string, status: number) =>
      sample(body, `video_api_mock_requests_total{operation="${operation}",status="${status}"}`);
    expect(requests('createVideos', 200)).toBe(1);
    expect(requests('getVideo', 200)).toBe(3);
    expect(requests('getVideo', 404)).toBe(1);
    expect(requests('getVideo', 401)).toBe(1);
    expect(requests('admin', 200)).toBe(1);
    expect(requests('playback', 404)).toBe(1);
    expect(requests('other', 404)).toBe(2); // two paths, one label: never a raw path
    expect(body).not.toContain('/no/such/path');
    const histogram = 'video_api_mock_request_duration_seconds';
    expect(sample(body, `${histogram}_count{operation="getVideo"}`)).toBe(5);
    expect(sample(body, `${histogram}_bucket{le="+Inf",operation="getVideo"}`)).toBe(5);
    expect(sample(body, `${histogram}_bucket{le="0.001",operation="getVideo"}`)).toBeLessThanOrEqual(5);
    expect(sample(body, `${histogram}_sum{operation="getVideo"}`)).toBeGreaterThan(0);
    expect(sample(body, `${histogram}_bucket{le="10",operation="createVideos"}`)).toBe(1);
    expect(sample(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(body).not.toContain('video_api_mock_database_pool_size'); // no database: no pool
    // The scrape itself is counted, once its answer is made.
    expect(
      sample((await scrape(mock)).body, 'video_api_mock_requests_total{operation="admin",status="200"}'),
    ).toBe(2);
  });

  it('shows the default state’s webhook deliveries pending, then given up', async () => {
    const mock = app({
      webhooks: [`${await refusedUrl()}/hooks`],
      webhookRetry: { baseMs: 1000, maxMs: 1000, windowMs: 3000 },
      realTimeClock: false,
    });
    const gauges = async () => {
      const { body } = await scrape(mock);
      return {
        pending: sample(body, 'video_api_mock_webhook_deliveries_pending'),
        givenUp: sample(body, 'video_api_mock_webhook_deliveries_given_up'),
      };
    };
    expect(await gauges()).toEqual({ pending: 0, givenUp: 0 });
    await mock.request('/api/v1/videos', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'a' }] }),
    });
    const webhooks = mock.mock.webhooks;
    expect((await gauges()).pending).toBe(webhooks.pending().length);
    expect(webhooks.pending().length).toBeGreaterThan(0);
    for (let step = 0; step < 20 && webhooks.pending().length > 0; step++) {
      await vi.waitFor(() => expect(webhooks.pending().every((d) => !d.inFlight)).toBe(true));
      await mock.mock.advanceClock(1000);
    }
    await webhooks.idle();
    expect(await gauges()).toEqual({ pending: 0, givenUp: webhooks.givenUp().length });
    expect(webhooks.givenUp().length).toBeGreaterThan(0);
  });

  it('is guarded by the admin token', async () => {
    const mock = app({ adminToken: 'admin-secret' });
    await mock.request('/api/v1/videos/v-none', { headers: auth });
    const refused = await mock.request('/__mock/metrics');
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain('video_api_mock_requests_total');
    const wrong = await mock.request('/__mock/metrics', { headers: { authorization: 'Bearer mock-token' } });
    expect(wrong.status).toBe(401);
    const { res, body } = await scrape(mock, 'admin-secret');
    expect(res.status).toBe(200);
    expect(sample(body, 'video_api_mock_requests_total{operation="getVideo",status="404"}')).toBe(1);
    expect(sample(body, 'video_api_mock_requests_total{operation="admin",status="401"}')).toBe(2);
  });

  it('is one registry per app: another app counts its own requests', async () => {
    const [a, b] = [app(), app()];
    await a.request('/api/v1/videos/v-none', { headers: auth });
    expect(
      sample((await scrape(a)).body, 'video_api_mock_requests_total{operation="getVideo",status="404"}'),
    ).toBe(1);
    expect(
      sample((await scrape(b)).body, 'video_api_mock_requests_total{operation="getVideo",status="404"}'),
    ).toBeUndefined();
  });
});
