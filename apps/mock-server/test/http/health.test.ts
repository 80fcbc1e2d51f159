/** /healthz and /readyz as a load balancer or an orchestrator reads them (src/http/health.ts). */
import { describe, expect, it } from 'vitest';
import { healthAnswer, type Readiness } from '../../src/http/health.js';
import { createApp } from '../../src/index.js';

const readiness = (over: Partial<Readiness> = {}): Readiness => ({
  started: () => true,
  health: async () => ({ ready: true, detail: 'in memory' }),
  ...over,
});
const ask = (path: string, r: Readiness, method = 'GET') =>
  healthAnswer(new Request(`http://mock.test${path}`, { method }), r);

describe('health answers', () => {
  it('leave every other request to the app', () => {
    expect(ask('/healthz/more', readiness())).toBeUndefined();
    expect(ask('/api/v1/videos', readiness())).toBeUndefined();
    expect(ask('/readyz', readiness(), 'POST')).toBeUndefined();
  });

  it('/healthz is 200 alive whatever the store', async () => {
    const res = await ask('/healthz?probe=1', readiness({ started: () => false }));
    expect(res?.status).toBe(200);
    expect(await res?.json()).toEqual({ status: 'alive' });
  });

  it('/readyz is 200 once started and the store is ready, else 503 with Retry-After and why', async () => {
    const ready = await ask('/readyz', readiness());
    expect([ready?.status, await ready?.json()]).toEqual([200, { status: 'ready', store: 'in memory' }]);
    const cases: [Partial<Readiness>, string][] = [
      [{ started: () => false }, 'starting'],
      [
        { health: async () => ({ ready: false, detail: 'PostgreSQL at db:5432/x: no connection' }) },
        'not-ready',
      ],
      [{ draining: () => true }, 'draining'],
    ];
    for (const [over, status] of cases) {
      const res = await ask('/readyz', readiness(over));
      expect(res?.status).toBe(503);
      expect(res?.headers.get('retry-after')).toBe('1');
      expect(res?.headers.get('cache-control')).toBe('no-store');
      expect(await res?.json()).toMatchObject({ status });
    }
  });

  it('are answered by the app before its host check, and not journalled', async () => {
    const app = createApp({ allowedHosts: ['mock.internal'] });
    const starting = await app.request('http://10.1.2.3:4010/readyz');
    expect([200, 503]).toContain(starting.status); // the first answer may come before the state is taken up
    await app.mock.now(); // resolves once it is
    const res = await app.request('http://10.1.2.3:4010/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', store: 'in memory' });
    expect((await app.request('http://10.1.2.3:4010/healthz')).status).toBe(200);
    expect(await app.mock.journal()).toEqual([]);
    await app.mock.close();
  });
});
