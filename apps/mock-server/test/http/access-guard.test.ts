/**
 * The access guard in-process (src/http/access-guard.ts, run by createApp): Hosts under
 * `allowedHosts`, other sites' subresources on the admin API (Sec-Fetch-*), an admin path spelled
 * with percent-escapes, the options' validation, `GET /__mock/access`, and the constant-time token
 * comparison.
 */
import { describe, expect, it } from 'vitest';
import { sameToken } from '../../src/http/auth.js';
import { createApp } from '../../src/node/index.js';
import { OptionError, resolveOptions } from '../../src/options.js';
import type { MockApp, MockOptions } from '../../src/types.js';

const AUTH = { authorization: 'Bearer mock-token' };

async function withApp(options: MockOptions, run: (app: MockApp) => Promise<void>): Promise<void> {
  const app = createApp(options);
  try {
    await run(app);
  } finally {
    await app.mock.close();
  }
}

async function expectRefused(response: Response, code: string, ...words: string[]) {
  const body = (await response.json()) as { detail: string; code: string; status: number };
  expect([response.status, response.headers.get('x-mock-error'), body.code, body.status]).toEqual([
    403,
    code,
    code,
    403,
  ]);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  for (const word of words) expect(body.detail).toContain(word);
}

describe('hosts', () => {
  it('are not checked in-process by default: any host is answered', async () => {
    await withApp({}, async (app) => {
      await app.mock.seed([{ title: 't' }]);
      expect((await app.request('http://evil.example/api/v1/videos/v-0001', { headers: AUTH })).status).toBe(
        200,
      );
    });
  });

  it('refuse a host allowedHosts does not allow with 403, naming the flag and the option, opening nothing', async () => {
    await withApp({ allowedHosts: ['.example.test'] }, async (app) => {
      for (const path of ['/api/v1/videos/v-0001', '/__mock/reset', '/sandboxes/w1/api/v1/videos/v-0001']) {
        const response = await app.request(`http://evil.example:4010${path}`, {
          method: 'GET',
          headers: AUTH,
        });
        await expectRefused(
          response,
          'host-not-allowed',
          '"evil.example"',
          '--allowed-host evil.example',
          'allowedHosts',
        );
      }
      expect(await app.mock.sandboxes.list()).toEqual([]);
      expect(await app.mock.journal()).toEqual([]);
    });
  });

  it('allow listed hosts and subdomains, localhost names and IP literals', async () => {
    await withApp({ allowedHosts: ['.example.test'] }, async (app) => {
      const hosts = [
        'api.example.test',
        'EXAMPLE.test.',
        'localhost',
        'app.localhost',
        '127.0.0.1',
        '10.0.0.7',
        '[::1]',
      ];
      for (const host of hosts) {
        const response = await app.request(`http://${host}:4010/openapi.json`);
        expect(response.status, host).toBe(200);
      }
    });
  });
});

describe('the admin API and other sites’ subresources (no Origin)', () => {
  const fetchMeta = (site: string, mode: string) => ({ 'sec-fetch-site': site, 'sec-fetch-mode': mode });

  it.each([
    ['cross-site', 'no-cors'],
    ['same-site', 'no-cors'],
    ['cross-site', 'cors'],
  ])(
    'refuses Sec-Fetch-Site %s, Sec-Fetch-Mode %s with 403, naming the header and the flag',
    async (site, mode) => {
      await withApp({}, async (app) => {
        await app.mock.seed([{ title: 'kept' }]);
        for (const path of ['/__mock/journal', '/sandboxes/w1/__mock/journal']) {
          await expectRefused(
            await app.request(path, { headers: fetchMeta(site, mode) }),
            'origin-not-allowed',
            `Sec-Fetch-Site: ${site}`,
            "--admin-cors-origin '*'",
          );
        }
        const reset = await app.request('/__mock/reset', { method: 'POST', headers: fetchMeta(site, mode) });
        expect(reset.status).toBe(403);
        expect(await app.mock.journal()).toEqual([]);
        expect(await app.mock.sandboxes.list()).toEqual([]);
        expect((await app.request('/api/v1/videos/v-0001', { headers: AUTH })).status).toBe(200);
      });
    },
  );

  it.each([
    ['navigations', { ...fetchMeta('cross-site', 'navigate') }, {}],
    ['same-origin requests', fetchMeta('same-origin', 'cors'), {}],
    ['direct requests (Sec-Fetch-Site: none)', fetchMeta('none', 'navigate'), {}],
    ["any, under adminCorsOrigins: ['*']", fetchMeta('cross-site', 'no-cors'), { adminCorsOrigins: ['*'] }],
  ])('answers %s', async (_name, headers, options: MockOptions) => {
    await withApp(options, async (app) => {
      expect((await app.request('/__mock/journal', { headers })).status).toBe(200);
    });
  });

  it('leaves the public API to other sites’ subresources (a player, an <img>)', async () => {
    await withApp({}, async (app) => {
      await app.mock.seed([{ title: 't' }]);
      const response = await app.request('/api/v1/videos/v-0001', {
        headers: { ...AUTH, ...fetchMeta('cross-site', 'no-cors') },
      });
      expect(response.status).toBe(200);
    });
  });
});

describe('admin paths spelled with percent-escapes', () => {
  it('meet the admin policy, as the router decodes them', async () => {
    await withApp({}, async (app) => {
      for (const path of ['/%5F_mock/reset', '/sandboxes/w1/%5f%5fmock/reset']) {
        const response = await app.request(path, {
          method: 'POST',
          headers: { origin: 'http://localhost:5173' },
        });
        expect(response.status, path).toBe(403);
      }
      expect(await app.mock.sandboxes.list()).toEqual([]);
    });
  });
});

describe('the options', () => {
  it('normalize origins as browsers send them, and hosts', () => {
    const resolved = resolveOptions({
      corsOrigins: ['HTTPS://App.Example:443', 'http://localhost:5173', '*'],
      adminCorsOrigins: ['http://Console.Example:8080'],
      allowedHosts: ['API.Example.test.', '.Example.test'],
    });
    expect(resolved.corsOrigins).toEqual(['https://app.example', 'http://localhost:5173', '*']);
    expect(resolved.adminCorsOrigins).toEqual(['http://console.example:8080']);
    expect(resolved.allowedHosts).toEqual(['api.example.test', '.example.test']);
  });

  it.each([
    [
      { corsOrigins: ['http://localhost:5173/app'] },
      'corsOrigins: "http://localhost:5173/app" is not accepted (an origin: scheme://host[:port] without a path',
    ],
    [{ corsOrigins: ['localhost:5173'] }, 'corsOrigins: "localhost:5173"'],
    [{ adminCorsOrigins: ['null'] }, 'adminCorsOrigins: "null" is not accepted'],
    [
      { allowedHosts: ['http://evil.example'] },
      'allowedHosts: "http://evil.example" is not accepted (a host name',
    ],
    [{ allowedHosts: ['evil.example:80'] }, 'allowedHosts: "evil.example:80"'],
  ])('refuse %j in one line: what, where and what is accepted', (options, message) => {
    expect(() => resolveOptions(options as MockOptions)).toThrow(OptionError);
    expect(() => resolveOptions(options as MockOptions)).toThrow(message);
  });
});

describe('GET /__mock/access', () => {
  it('says who may reach the mock', async () => {
    await withApp({ corsOrigins: ['https://app.example'] }, async (app) => {
      const response = await app.request('/__mock/access');
      expect(await response.json()).toEqual({
        adminToken: false,
        exposed: false,
        allowedHosts: null,
        corsOrigins: ['https://app.example'],
        adminCorsOrigins: [],
      });
    });
  });

  it('needs the admin token when one is set, and never shows it', async () => {
    await withApp({ adminToken: 'admin-secret' }, async (app) => {
      expect((await app.request('/__mock/access')).status).toBe(401);
      const response = await app.request('/__mock/access', {
        headers: { authorization: 'Bearer admin-secret' },
      });
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ adminToken: true, exposed: false });
      expect(text).not.toContain('admin-secret');
    });
  });
});

describe('sameToken', () => {
  it.each([
    ['secret', 'secret', true],
    ['secret', 'secreT', false],
    ['secre', 'secret', false],
    ['secret-longer', 'secret', false],
    ['', '', true],
    ['', 'x', false],
  ])('%j and %j: %s', (given, expected, same) => {
    expect(sameToken(given, expected)).toBe(same);
  });
});
