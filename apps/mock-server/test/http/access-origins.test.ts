/**
 * Origins (design "Safe to leave running"), in-process: each origin a browser may send × each kind
 * of request (public GET and POST, a preflight, the admin API's journal, reset and preflight, a
 * sandbox's admin API), under the default options, listed origins and '*'. An allowed request is
 * answered with CORS naming its origin; any other is the mock's own 403 and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import type { MockApp, MockOptions } from '../../src/types.js';

const AUTH = { authorization: 'Bearer mock-token' };
const LISTED = 'https://app.example';

/** Requests as a page sends them; `admin` says which policy answers them. */
const REQUESTS: {
  name: string;
  admin: boolean;
  method: string;
  path: string;
  headers?: object;
  body?: unknown;
}[] = [
  { name: 'public GET', admin: false, method: 'GET', path: '/api/v1/videos/v-0001', headers: AUTH },
  {
    name: 'public POST',
    admin: false,
    method: 'POST',
    path: '/api/v1/videos',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: { projectKey: 'demo', videos: [{ title: 'planted' }] },
  },
  {
    name: 'public preflight',
    admin: false,
    method: 'OPTIONS',
    path: '/api/v1/videos',
    headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
  },
  { name: 'admin GET journal', admin: true, method: 'GET', path: '/__mock/journal' },
  { name: 'admin POST reset', admin: true, method: 'POST', path: '/__mock/reset' },
  {
    name: 'admin preflight',
    admin: true,
    method: 'OPTIONS',
    path: '/__mock/reset',
    headers: { 'access-control-request-method': 'POST' },
  },
  { name: 'sandbox admin POST reset', admin: true, method: 'POST', path: '/sandboxes/w1/__mock/reset' },
];

type Config = 'default' | 'listed' | 'any';
const CONFIGS: Record<Config, MockOptions> = {
  default: {},
  listed: { corsOrigins: [LISTED], adminCorsOrigins: [LISTED] },
  any: { corsOrigins: ['*'], adminCorsOrigins: ['*'] },
};

/** Origins, and whether the public API / the admin API answers them under each config. */
const ORIGINS: { origin: string; public: Config[]; admin: Config[] }[] = [
  { origin: 'http://localhost:5173', public: ['default', 'listed', 'any'], admin: ['any'] },
  { origin: 'http://127.0.0.2:8080', public: ['default', 'listed', 'any'], admin: ['any'] },
  { origin: 'http://[::1]:3000', public: ['default', 'listed', 'any'], admin: ['any'] },
  { origin: 'http://storybook.localhost:6006', public: ['default', 'listed', 'any'], admin: ['any'] },
  { origin: 'https://localhost:8443', public: ['default', 'listed', 'any'], admin: ['any'] },
  // The app's own origin (app.request serves http://localhost): same-origin for the admin API.
  { origin: 'http://localhost', public: ['default', 'listed', 'any'], admin: ['default', 'listed', 'any'] },
  { origin: LISTED, public: ['listed', 'any'], admin: ['listed', 'any'] },
  { origin: 'https://evil.example', public: ['any'], admin: ['any'] },
  { origin: 'https://app.example.evil.test', public: ['any'], admin: ['any'] },
  { origin: 'http://localhost.evil.test', public: ['any'], admin: ['any'] },
  { origin: 'null', public: ['any'], admin: ['any'] },
];

/**
 * What a refused request must leave as it was: the journal's length (read before this looks at the
 * videos with two GETs), the open sandboxes, the seeded video, and no created one.
 */
async function state(app: MockApp) {
  const journal = (await app.mock.journal()).length;
  const sandboxes = await app.mock.sandboxes.list();
  const [kept, created] = await Promise.all(
    ['v-0001', 'v-0002'].map(
      async (key) => (await app.request(`/api/v1/videos/${key}`, { headers: AUTH })).status,
    ),
  );
  return { journal, sandboxes, kept, created };
}

describe.each(Object.keys(CONFIGS) as Config[])('origins, with the %s options', (config) => {
  for (const { origin, ...allowedUnder } of ORIGINS) {
    for (const request of REQUESTS) {
      const allowed = (request.admin ? allowedUnder.admin : allowedUnder.public).includes(config);
      it(`${request.name} from ${origin}: ${allowed ? 'answered with CORS' : '403, nothing done'}`, async () => {
        const app = createApp(CONFIGS[config]);
        try {
          await app.mock.seed([{ title: 'kept' }]);
          const before = await state(app);
          const response = await app.request(request.path, {
            method: request.method,
            headers: { ...request.headers, origin },
            ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
          });
          const text = await response.text();
          if (allowed) {
            expect(response.status, text).toBeLessThan(300);
            const star =
              (request.admin ? CONFIGS[config].adminCorsOrigins : CONFIGS[config].corsOrigins)?.[0] === '*';
            expect(response.headers.get('access-control-allow-origin')).toBe(star ? '*' : origin);
            if (!star) expect(response.headers.get('vary')).toContain('Origin');
            expect(response.headers.get('access-control-allow-credentials')).toBeNull();
            if (request.method === 'OPTIONS') {
              expect(response.status).toBe(204);
              expect(response.headers.get('access-control-allow-methods')).toContain('POST');
            }
          } else {
            expect(response.status, text).toBe(403);
            expect(response.headers.get('x-mock-error')).toBe('origin-not-allowed');
            expect(response.headers.get('content-type')).toBe('application/problem+json');
            expect(response.headers.get('access-control-allow-origin')).toBeNull();
            const { detail } = JSON.parse(text) as { detail: string };
            expect(detail).toContain(origin);
            expect(detail).toContain(request.admin ? '--admin-cors-origin' : '--cors-origin');
            // Two more journal entries: the two GETs with which `state` itself looked, none of this request.
            expect(await state(app)).toEqual({ ...before, journal: before.journal + 2 });
          }
        } finally {
          await app.mock.close();
        }
      });
    }
  }
});

describe('requests without Origin (Node, curl, tests)', () => {
  it('reach the public API and the admin API as before, with no CORS headers', async () => {
    const app = createApp();
    try {
      await app.mock.seed([{ title: 'kept' }]);
      for (const path of ['/api/v1/videos/v-0001', '/__mock/journal', '/sandboxes/w1/__mock/journal']) {
        const response = await app.request(path, { headers: AUTH });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
      expect((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(204);
    } finally {
      await app.mock.close();
    }
  });
});
