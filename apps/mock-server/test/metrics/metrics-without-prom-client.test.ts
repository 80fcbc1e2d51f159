/**
 * prom-client is an optional peer of the mock: where it is not installed, requests are still
 * served and counted, and `GET /__mock/metrics` answers 501 as problem+json naming the package
 * to install; once it loads, the scrape answers. Any other failure of the load is not disguised
 * as a missing package.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { type LoadPromClient, prometheusMetrics } from '../../src/node/metrics/prometheus.js';
import { nodePlatform } from '../../src/node/platform.js';
import type { MockApp } from '../../src/types.js';
import { sample, scrape } from './scrape.js';

const apps: MockApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.mock.close();
});

/** The Node app with prom-client loaded by `load`. */
function appLoading(load: LoadPromClient): MockApp {
  const app = createApp({ realTimeClock: false }, { ...nodePlatform(), metrics: prometheusMetrics(load) });
  apps.push(app);
  return app;
}

/** The code and message of what Node throws importing prom-client from a folder where it is not installed. */
let missing: { code: string; message: string };
beforeAll(() => {
  const empty = mkdtempSync(join(tmpdir(), 'no-prom-client-'));
  try {
    const probe =
      "import('prom-client').then(() => console.log('{}'), (e) => console.log(JSON.stringify({ code: e.code, message: e.message })))";
    const printed = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: empty });
    missing = JSON.parse(printed.toString());
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

/** Node's ES module loader, prom-client not installed: its own error (a real resolution's). */
const notInstalled: LoadPromClient = async () => {
  throw Object.assign(new Error(missing.message), { code: missing.code });
};

/** The CommonJS loader's error for the same (a bundler may turn the import into a require). */
const notInstalledCjs: LoadPromClient = async () => {
  throw Object.assign(new Error("Cannot find module 'prom-client'\nRequire stack:\n- /srv/mock/index.js"), {
    code: 'MODULE_NOT_FOUND',
  });
};

const auth = { authorization: 'Bearer mock-token' };

describe('GET /__mock/metrics without prom-client', () => {
  for (const [name, load] of [
    ['import', notInstalled],
    ['require', notInstalledCjs],
  ] as const) {
    it(`answers 501 problem+json naming the package to install (${name})`, async () => {
      const app = appLoading(load);
      expect((await app.request('/api/v1/videos/v-none', { headers: auth })).status).toBe(404);
      const { res, body } = await scrape(app);
      expect(res.status).toBe(501);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('x-mock-error')).toBe('metrics-need-prom-client');
      const problem = JSON.parse(body) as { status: number; code: string; detail: string };
      expect(problem).toMatchObject({ status: 501, code: 'metrics-need-prom-client' });
      expect(problem.detail).toContain('npm install prom-client');
    });
  }

  it('is told a missing package by what Node says of it', () => {
    expect(missing.code).toBe('ERR_MODULE_NOT_FOUND');
    expect(missing.message).toContain("'prom-client'");
  });

  it('does not take another failure of the load for a missing package', async () => {
    const app = appLoading(async () => {
      throw Object.assign(new Error("Cannot find module 'tdigest'"), { code: 'MODULE_NOT_FOUND' });
    });
    const { res, body } = await scrape(app);
    expect(res.status).toBe(500);
    expect(body).not.toContain('metrics-need-prom-client');
  });

  it('tries again at the next scrape, and counts the requests served meanwhile', async () => {
    let installed = false;
    const app = appLoading(async () => (installed ? import('prom-client') : notInstalled()));
    await app.request('/api/v1/videos/v-none', { headers: auth });
    expect((await scrape(app)).res.status).toBe(501);
    installed = true;
    const { res, body } = await scrape(app);
    expect(res.status).toBe(200);
    expect(sample(body, 'video_api_mock_requests_total{operation="getVideo",status="404"}')).toBe(1);
    expect(sample(body, 'video_api_mock_requests_total{operation="admin",status="501"}')).toBe(1);
    expect(body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });
});
