import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFaults, FAULT_HEADER } from '../../src/faults/create-faults.js';
import type { FaultRule } from '../../src/faults/types.js';
import { tinyApp } from './helpers.js';

const get = (key = 'v-1') => ({ path: `/api/v1/videos/${key}`, init: { method: 'GET' } });

async function statuses(rules: FaultRule[], seed: number, count: number): Promise<number[]> {
  const faults = createFaults({ seed });
  faults.set(rules);
  const { app } = tinyApp(faults);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await app.request(get().path)).status);
  return out;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the fault middleware', () => {
  it('lets every request through when no rule is set', async () => {
    const faults = createFaults();
    const { app, handled } = tinyApp(faults);
    const response = await app.request(get().path);
    expect(response.status).toBe(200);
    expect(response.headers.get(FAULT_HEADER)).toBeNull();
    expect(handled).toEqual(['getVideo']);
  });

  it('defers the handler by latencyMs (virtual clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const faults = createFaults();
    faults.add({ route: 'getVideo', latencyMs: 1000 });
    const { app, handled } = tinyApp(faults);
    let settled = false;
    const pending = Promise.resolve(app.request(get().path)).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(handled).toEqual([]);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
    expect(handled).toEqual(['getVideo']);
  });

  it('rejects in-process, as fetch does, when the client aborts during the delay; the handler never runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const faults = createFaults();
    faults.add({ route: 'getVideo', latencyMs: 10_000 });
    const { app, handled } = tinyApp(faults);
    const controller = new AbortController();
    const outcome = Promise.resolve(app.request(get().path, { signal: controller.signal })).then(
      (r) => r.status,
      (e: unknown) => (e as Error).name,
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await outcome).toBe('AbortError');
    expect(handled).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('adds a seeded jitter within [0, latencyJitterMs] to the latency', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const faults = createFaults({ seed: 3 });
    faults.add({ latencyMs: 100, latencyJitterMs: 50 });
    const { app, handled } = tinyApp(faults);
    const pending = app.request(get().path);
    await vi.advanceTimersByTimeAsync(99);
    expect(handled).toEqual([]);
    await vi.advanceTimersByTimeAsync(51);
    expect((await pending).status).toBe(200);
  });

  it('injects errors with the chosen status, a JSON body and X-Mock-Fault: error', async () => {
    const faults = createFaults();
    faults.add({ route: 'getVideo', errorRate: 1, errorStatus: 503 });
    const { app, handled } = tinyApp(faults);
    const response = await app.request(get().path);
    expect(response.status).toBe(503);
    expect(response.headers.get(FAULT_HEADER)).toBe('error');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ fault: 'error', status: 503 });
    expect(handled).toEqual([]);
  });

  it('draws the same error sequence twice for one seed, and a different one for another seed', async () => {
    const rules: FaultRule[] = [{ errorRate: 0.5, errorStatus: 502 }];
    const first = await statuses(rules, 42, 40);
    expect(await statuses(rules, 42, 40)).toEqual(first);
    expect(first).toContain(502);
    expect(first).toContain(200);
    expect(await statuses(rules, 43, 40)).not.toEqual(first);
  });

  it('replays the sequence after set() without a restart', async () => {
    const faults = createFaults({ seed: 9 });
    const { app } = tinyApp(faults);
    const run = async () => {
      faults.set([{ errorRate: 0.3 }]);
      const out: number[] = [];
      for (let i = 0; i < 30; i++) out.push((await app.request(get().path)).status);
      return out;
    };
    expect(await run()).toEqual(await run());
  });

  it('answers 429 with Retry-After beyond the limit, and again 200 in the next window', async () => {
    let now = 1_000_000;
    const faults = createFaults({ now: () => now });
    faults.add({ route: 'getVideo', rateLimit: { limit: 2, windowMs: 1000, retryAfterSeconds: 3 } });
    const { app } = tinyApp(faults);
    const seen: Array<[number, string | null, string | null]> = [];
    for (let i = 0; i < 3; i++) {
      const r = await app.request(get().path);
      seen.push([r.status, r.headers.get('retry-after'), r.headers.get(FAULT_HEADER)]);
    }
    expect(seen).toEqual([
      [200, null, null],
      [200, null, null],
      [429, '3', 'rate-limit'],
    ]);
    now += 1000;
    expect((await app.request(get().path)).status).toBe(200);
  });

  it('applies a rule with times to the next N matching requests only, then removes it', async () => {
    const faults = createFaults();
    faults.add({ route: 'getVideo', errorRate: 1, times: 2 });
    const { app } = tinyApp(faults);
    expect((await app.request('/api/v1/videos', { method: 'POST' })).status).toBe(200);
    expect(faults.list()).toEqual([{ route: 'getVideo', errorRate: 1, times: 2 }]);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.request(get().path)).status);
    expect(codes).toEqual([500, 500, 200]);
    expect(faults.list()).toEqual([]);
  });

  it.each([
    { route: 'getVideo', hits: ['getVideo'] },
    { route: 'updateCustomFields', hits: ['updateCustomFields'] },
    { route: '/api/v1/videos', hits: ['createVideos', 'getVideo', 'updateCustomFields'] },
    { route: '/api/v1/videos/v-1', hits: ['getVideo', 'updateCustomFields'] },
    { route: '/api/upload/', hits: ['uploadVideoSource'] },
    { route: '/api/v1/vid', hits: [] },
    { route: undefined, hits: ['createVideos', 'getVideo', 'updateCustomFields', 'uploadVideoSource'] },
  ])('matches route $route to $hits and never the admin prefix', async ({ route, hits }) => {
    const faults = createFaults();
    faults.add(route === undefined ? { errorRate: 1 } : { route, errorRate: 1 });
    const { app } = tinyApp(faults);
    const requests: Array<[string, string, string]> = [
      ['createVideos', 'POST', '/api/v1/videos'],
      ['getVideo', 'GET', '/api/v1/videos/v-1'],
      ['updateCustomFields', 'PUT', '/api/v1/videos/v-1/custom-fields'],
      ['uploadVideoSource', 'POST', '/api/upload/v1/form-data/videos/v-1'],
      ['admin', 'GET', '/__mock/ping'],
    ];
    const faulted: string[] = [];
    for (const [name, method, path] of requests) {
      const response = await app.request(path, { method });
      if (response.headers.get(FAULT_HEADER) === 'error') faulted.push(name);
    }
    expect(faulted).toEqual(hits);
  });

  it('gives the upload handler the read rate of the rule that matched its request, even with times: 1', async () => {
    const faults = createFaults();
    faults.add({ route: 'uploadVideoSource', uploadBytesPerSecond: 2048, times: 1 });
    const { app, uploadRates } = tinyApp(faults);
    const upload = () => app.request('/api/upload/v1/form-data/videos/v-1', { method: 'POST', body: 'x' });
    expect((await upload()).status).toBe(204);
    expect((await upload()).status).toBe(204);
    expect(uploadRates).toEqual([2048, undefined]);
    expect(faults.list()).toEqual([]);
  });

  it('answers uploadReadRate outside a request from the rules by operationId', () => {
    const faults = createFaults();
    faults.set([
      { route: '/api/upload', latencyMs: 1 },
      { route: 'uploadVideoSource', uploadBytesPerSecond: 99 },
    ]);
    expect(faults.uploadReadRate('uploadVideoSource')).toBe(99);
    expect(faults.uploadReadRate('getVideo')).toBeUndefined();
    faults.clear();
    expect(faults.uploadReadRate('uploadVideoSource')).toBeUndefined();
  });

  it('refuses an invalid rule in-process with a TypeError that names the problem', () => {
    const faults = createFaults();
    expect(() => faults.add({ errorRate: 2 })).toThrow(
      'Invalid fault rule: /errorRate must be a number from 0 to 1',
    );
    expect(() => faults.set([{ latencyMs: 1 }, { route: 'x' }])).toThrow(/\/1 .*at least one effect/);
    expect(faults.list()).toEqual([]);
  });
});
