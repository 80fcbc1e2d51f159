/**
 * The links of the resolved documents walked against the mock (in-process) playing the same
 * readings: create → upload → get → update → get, each key taken only through the runtime
 * expression of the link the previous answer documents (a stateful tool's chain).
 */

import { createApp } from '@video-api/mock-server/node';
import { resolveSpec } from '@video-api/schema/resolve';
import { afterAll, describe, expect, it } from 'vitest';
import { type Exchange, evaluate, linkParameters, linkTo } from '../src/links.js';
import { READING_SETS } from '../src/resolved.js';

// biome-ignore lint/suspicious/noExplicitAny: the test walks the JSON of the document.
type Doc = Record<string, any>;
const apps: Array<ReturnType<typeof createApp>> = [];
afterAll(async () => {
  for (const app of apps) await app.mock.close();
});

const headers = { authorization: 'Bearer mock-token' };

describe('the runtime expression evaluator', () => {
  const exchange: Exchange = { pathParameters: { videoKey: 'v-1' }, body: [{ key: 'a/b' }, { 'x~y': 1 }] };
  it.each([
    ['$response.body#/0/key', 'a/b'],
    ['$response.body#/1/x~0y', 1],
    ['$request.path.videoKey', 'v-1'],
  ])('%s → %j', (expression, value) => expect(evaluate(expression, exchange)).toEqual(value));
  it('refuses a form it does not read', () => {
    expect(() => evaluate('$request.header.x', exchange)).toThrow('is not one this evaluator reads');
  });
});

describe.each(READING_SETS)('the links of the $name document, walked against the mock', ({ readings }) => {
  it('create → upload → get → update → get, keys only from the links', async () => {
    const { document } = resolveSpec({ readings });
    const paths = (document as Doc).paths;
    const app = createApp({ readings, realTimeClock: false });
    apps.push(app);
    const send = async (path: string, init: RequestInit = {}) => {
      const response = await app.request(path, { ...init, headers: { ...headers, ...init.headers } });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const success = (operation: Doc) =>
      Object.keys(operation.responses).find((s) => /^2\d\d$/.test(s)) as string;

    const create = paths['/api/v1/videos'].post;
    const created = await send('/api/v1/videos', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'links', videos: [{ title: 'Linked' }] }),
    });
    expect(String(created.status)).toBe(success(create));
    const afterCreate: Exchange = { pathParameters: {}, body: created.body };

    const upload = paths['/api/upload/v1/form-data/videos/{videoKey}'].post;
    const uploadKey = linkParameters(
      linkTo(create.responses[success(create)], 'uploadVideoSource'),
      afterCreate,
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(64)], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await send(`/api/upload/v1/form-data/videos/${uploadKey.videoKey}`, {
      method: 'POST',
      body: form,
    });
    expect(String(uploaded.status)).toBe(success(upload));

    const get = paths['/api/v1/videos/{videoKey}'].get;
    const getKey = linkParameters(linkTo(upload.responses[success(upload)], 'getVideo'), {
      pathParameters: uploadKey,
      body: uploaded.body,
    });
    const got = await send(`/api/v1/videos/${getKey.videoKey}`);
    expect(String(got.status)).toBe(success(get));

    const update = paths['/api/v1/videos/{videoKey}/custom-fields'].put;
    const updateKey = linkParameters(linkTo(get.responses[success(get)], 'updateCustomFields'), {
      pathParameters: getKey,
      body: got.body,
    });
    const updated = await send(`/api/v1/videos/${updateKey.videoKey}/custom-fields`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ simpleCustomFields: { note: 'through the links' } }),
    });
    expect(String(updated.status)).toBe(success(update));

    const backKey = linkParameters(linkTo(update.responses[success(update)], 'getVideo'), {
      pathParameters: updateKey,
      body: updated.body,
    });
    const again = await send(`/api/v1/videos/${backKey.videoKey}`);
    expect(again.body.simpleCustomFields.note).toBe('through the links');
    expect(new Set([uploadKey.videoKey, getKey.videoKey, updateKey.videoKey, backKey.videoKey])).toEqual(
      new Set([created.body[0].key]),
    );
  });
});
