import { createApp } from '@video-api/mock-server/node';
import { errorDetail } from '@video-api/schema';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { JSON_AUTH, paths } from '../src/support/http.js';

// The admin API (`/__mock/`) can be given its own token or switched off; CORS never tells a
// browser to send credentials to anyone, and answers only the origins it allows (localhost ones
// of any port by default, the listed ones, or any with '*').
const ADMIN = 'admin-secret';
const guarded = createApp({ adminToken: ADMIN });
const off = createApp({ admin: false });
const listed = createApp({ corsOrigins: ['https://app.example'] });
const localOnly = createApp();
const open = createApp({ corsOrigins: ['*'] });
afterAll(() => Promise.all([guarded, off, listed, localOnly, open].map((app) => app.mock.close())));

/** A localhost origin (localhost, *.localhost, 127.0.0.0/8, [::1]), which the mock always answers. */
function isLocalOrigin(origin: string): boolean {
  if (!/^https?:\/\//.test(origin)) return false;
  const host = new URL(origin).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\./.test(host);
}

const adminRoutes: [method: string, path: string, body?: unknown][] = [
  ['GET', '/__mock/openapi.json'],
  ['POST', '/__mock/reset'],
  ['POST', '/__mock/seed', { videos: [{ title: 'planted' }] }],
  ['GET', '/__mock/journal'],
  ['GET', '/__mock/clock'],
  ['POST', '/__mock/clock/advance', { ms: 1000 }],
  ['POST', '/__mock/videos/v-0001/ready'],
  ['GET', '/__mock/readings'],
  ['PATCH', '/__mock/readings', { 'custom-fields-omitted': 'replace' }],
  ['PUT', '/__mock/custom-field-definitions', { definitions: [] }],
  ['GET', '/__mock/faults'],
  ['PUT', '/__mock/faults', { rules: [{ errorRate: 1, errorStatus: 503 }] }],
  ['GET', '/__mock/webhooks'],
];

function adminRequest(
  app: ReturnType<typeof createApp>,
  [method, path, body]: (typeof adminRoutes)[number],
  auth?: string,
) {
  return app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(auth !== undefined && { authorization: auth }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

describe('the admin API with its own token', () => {
  it.each(adminRoutes)('%s %s refuses no token, the API token and a wrong one with 401', async (...route) => {
    for (const auth of [undefined, 'Bearer mock-token', 'Bearer wrong', `Basic ${ADMIN}`]) {
      const response = await adminRequest(guarded, route, auth);
      expect(response.status, String(auth)).toBe(401);
      expect(errorDetail(await response.json())).toBeDefined();
    }
  });

  it('changed nothing while refusing (no rule, no reading, no seeded video)', async () => {
    expect(guarded.mock.faults.list()).toEqual([]);
    expect((await guarded.mock.getReadings())['custom-fields-omitted']).toBe('merge');
    expect((await guarded.request(paths.get('v-0001'), { headers: JSON_AUTH })).status).toBe(404);
  });

  it.each(adminRoutes)('%s %s works with the admin token', async (...route) => {
    const response = await adminRequest(guarded, route, `Bearer ${ADMIN}`);
    expect(response.status).toBeLessThan(400);
    await guarded.request('/__mock/faults', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ADMIN}` },
    });
  });

  it('does not let the admin token into the API', async () => {
    const response = await guarded.request(paths.get('v-0001'), {
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(response.status).toBe(401);
  });
});

describe('the admin API switched off', () => {
  it.each(adminRoutes)('%s %s is not found and does nothing', async (...route) => {
    const response = await adminRequest(off, route, 'Bearer mock-token');
    expect(response.status).toBe(404);
    expect(errorDetail(await response.json())).toBeDefined();
    expect(off.mock.faults.list()).toEqual([]);
    expect((await off.mock.getReadings())['custom-fields-omitted']).toBe('merge');
  });
});

describe('CORS', () => {
  const origin = fc.oneof(
    fc.webUrl({ withQueryParameters: false, withFragments: false }).map((url) => new URL(url).origin),
    fc.constantFrom('null', 'https://app.example', 'https://app.example.evil.test', 'http://127.0.0.1:1'),
  );

  it.each([
    ['every origin allowed', open],
    ['a list of origins', listed],
    ['the default (localhost origins)', localOnly],
  ])('with %s, never allows credentials, on preflight or on a real request', async (_name, app) => {
    await fc.assert(
      fc.asyncProperty(origin, fc.constantFrom('GET', 'PUT', 'POST'), async (from, method) => {
        const preflight = await app.request(paths.fields('v-0001'), {
          method: 'OPTIONS',
          headers: {
            origin: from,
            'access-control-request-method': method,
            'access-control-request-headers': 'authorization',
          },
        });
        const actual = await app.request(paths.get('v-0001'), {
          headers: { ...JSON_AUTH, origin: from, cookie: 'session=1' },
        });
        for (const response of [preflight, actual]) {
          expect(response.headers.get('access-control-allow-credentials')).toBeNull();
          const allowed = response.headers.get('access-control-allow-origin');
          expect(allowed === null || allowed === '*' || allowed === from).toBe(true);
          const answered =
            app === open || isLocalOrigin(from) || (app === listed && from === 'https://app.example');
          if (!answered) {
            expect(allowed).toBeNull();
            expect([response.status, response.headers.get('x-mock-error')]).toEqual([
              403,
              'origin-not-allowed',
            ]);
          }
        }
      }),
      { seed: 11, numRuns: 100 },
    );
  });
});
