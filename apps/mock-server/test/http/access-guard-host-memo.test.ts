/**
 * The access guard remembers the Host it last allowed (a client sends the same one on every
 * request): whatever came before, each request is still allowed or refused as on its own.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';

const apps = {
  any: createApp({ allowedHosts: ['*'] }),
  listed: createApp({ allowedHosts: ['api.example.test'] }),
  example: createApp({ allowedHosts: ['.example.test'] }),
};
afterAll(() => Promise.all(Object.values(apps).map((app) => app.mock.close())));

const HOSTS = [
  'api.example.test',
  'API.example.test:8080',
  'evil.example',
  'localhost:3000',
  'a.localhost',
  '127.0.0.1:1',
];

/** Whether `app`'s list allows `host`, said without the guard. */
function allows(app: keyof typeof apps, host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  // localhost names and IP literals are always allowed, whatever the list.
  if (app === 'any' || name === '127.0.0.1' || name === 'localhost' || name.endsWith('.localhost'))
    return true;
  if (app === 'listed') return name === 'api.example.test';
  return name.endsWith('.example.test');
}

const refused = async (app: keyof typeof apps, host: string) => {
  const res = await apps[app].request('http://x/openapi.json', { headers: { host } });
  await res.arrayBuffer();
  return res.headers.get('x-mock-error') === 'host-not-allowed';
};

describe('the remembered Host', () => {
  it('never carries a decision over to another Host or another app (property)', async () => {
    const step = fc.tuple(
      fc.constantFrom<keyof typeof apps>('any', 'listed', 'example'),
      fc.constantFrom(...HOSTS),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const [app, host] of steps)
          expect(await refused(app, host), `${app} ${host}`).toBe(!allows(app, host));
      }),
      { numRuns: 60 },
    );
  });
});
