import { createApp } from '@video-api/mock-server/node';
import { errorDetail } from '@video-api/schema';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fileForm, paths } from '../src/support/http.js';

// §5.1: create and upload require `Authorization: Bearer <ACCESS_TOKEN>`; get and custom-fields
// require it under the readings `required` (the mock's default) and `owner-only`.
const app = createApp();
const [key = ''] = await app.mock.seed([{ title: 'guarded', simpleCustomFields: { kept: 'yes' } }]);
afterAll(() => app.mock.close());

type Route = {
  name: string;
  reading?: string;
  request: (headers: Record<string, string>) => Response | Promise<Response>;
};

const json = { 'content-type': 'application/json' };
const routes: Route[] = [
  {
    name: 'create',
    request: (h) =>
      app.request(paths.create, {
        method: 'POST',
        headers: { ...json, ...h },
        body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'sneaky' }] }),
      }),
  },
  {
    name: 'upload',
    request: (h) =>
      app.request(paths.upload(key), { method: 'POST', headers: h, body: fileForm('sneaky bytes') }),
  },
  ...['required', 'owner-only'].flatMap((reading): Route[] => [
    {
      name: `get (${reading})`,
      reading,
      request: (h) =>
        app.request(paths.get(key), { headers: { ...h, 'x-mock-reading': `auth-get-video=${reading}` } }),
    },
    {
      name: `put custom fields (${reading})`,
      reading,
      request: (h) =>
        app.request(paths.fields(key), {
          method: 'PUT',
          headers: { ...json, ...h, 'x-mock-reading': `auth-update-custom-fields=${reading}` },
          body: JSON.stringify({ simpleCustomFields: { kept: 'overwritten' } }),
        }),
    },
  ]),
];

const credentials: [string, Record<string, string>][] = [
  ['no header', {}],
  ['a wrong scheme', { authorization: 'Basic bW9jay10b2tlbjptb2NrLXRva2Vu' }],
  ['another wrong scheme', { authorization: 'Token mock-token' }],
  ['an empty token', { authorization: 'Bearer ' }],
  ['the scheme alone', { authorization: 'Bearer' }],
  ['a wrong token', { authorization: 'Bearer not-the-token' }],
  ['the token with a suffix', { authorization: 'Bearer mock-token2' }],
];

describe('every protected route', () => {
  const cases = routes.flatMap((route) =>
    credentials.map(([what, headers]) => [route.name, what, route, headers] as const),
  );

  it.each(cases)(
    '%s with %s is answered 401 with a Bearer challenge and a message',
    async (_r, _w, route, headers) => {
      const response = await route.request(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(errorDetail(await response.json())).toBeDefined();
    },
  );

  it('lets no random token through on any route', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.stringMatching(/^[A-Za-z0-9\-._~+/]{1,40}$/).filter((token) => token !== 'mock-token'),
        async (route, token) => {
          expect((await route.request({ authorization: `Bearer ${token}` })).status).toBe(401);
        },
      ),
      { seed: 5, numRuns: 150 },
    );
  });

  it('changed nothing while refusing: no video created, no source stored, no field written', async () => {
    const response = await app.request(paths.get(key), { headers: { authorization: 'Bearer mock-token' } });
    const video = (await response.json()) as { simpleCustomFields: Record<string, unknown>; status?: string };
    expect(video.simpleCustomFields).toEqual({ kept: 'yes' });
    expect(video.status).toBe('created');
    expect(
      (await app.mock.journal({ operationId: 'createVideos' })).every((entry) => entry.status === 401),
    ).toBe(true);
  });
});
