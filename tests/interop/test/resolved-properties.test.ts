/**
 * Issue 26, item 2, as a property: for random reading choices (one reading per unknown, drawn from
 * the registry), the mock in-process playing them and the document resolved for them agree. A
 * request the resolved schema accepts is accepted, one it refuses is refused with a 4xx, and every
 * answer has a status the document lists, with its headers and a body that fits its schema
 * (Ajv 8, draft 2020-12 with formats). Keys come from create through the document's links.
 */
import { createApp } from '@video-api/mock-server/node';
import { fieldKindOf } from '@video-api/schema';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { linkParameters, linkTo } from '../src/links.js';
import { createBody, readingChoices, updateBody, uploadForm } from '../src/request-arbitraries.js';
import { type Judged, resolvedExchange } from '../src/resolved-exchange.js';
import type { OpenApiDocument } from '../src/types.js';

type App = ReturnType<typeof createApp>;
const CREATE = '/api/v1/videos';
const UPLOAD = '/api/upload/v1/form-data/videos/{videoKey}';
const GET = '/api/v1/videos/{videoKey}';
const UPDATE = '/api/v1/videos/{videoKey}/custom-fields';

const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.mock.close();
});
/**
 * The mock playing `readings`, knowing the project `create` names (what `unknown-project-key`
 * holds a create to under two readings, as `predefined` holds an update to its definitions).
 */
const start = (readings: Record<string, string>, create: unknown): App => {
  const projectKey = (create as { projectKey?: unknown } | undefined)?.projectKey;
  const projects = ['property', ...(typeof projectKey === 'string' ? [projectKey] : [])];
  const app = createApp({ readings, realTimeClock: false, projects });
  apps.push(app);
  return app;
};

/** The key a link of `judged`'s answer gives `target` (the response of its status in the document). */
function keyThrough(document: OpenApiDocument, path: string, method: string, judged: Judged, target: string) {
  const response = document.paths[path]?.[method]?.responses[String(judged.answer.status)] ?? {};
  const link = linkTo(response as Parameters<typeof linkTo>[0], target);
  return linkParameters(link, { pathParameters: {}, body: judged.answer.json }).videoKey as string;
}

/** The fields an update writes, defined beforehand with their kinds (what `predefined` and `typed` need). */
function definitionsFor(body: unknown): Parameters<App['mock']['setDefinitions']>[0] {
  const fields = (body as { simpleCustomFields?: unknown } | undefined)?.simpleCustomFields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return [];
  return Object.entries(fields).map(([name, value]) => ({ name, kind: fieldKindOf(value) }));
}

/** The first bytes of an MP4 (a box size, then `ftyp isom`): a video container to every reading. */
const MP4_HEAD = [0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0];

/** A form with a `file` part of `bytes` bytes (at least 16, opening as an MP4), or without one. */
function formOf(bytes: number | undefined): FormData {
  const form = new FormData();
  if (bytes === undefined) form.append('note', 'no file part');
  else {
    const file = new Uint8Array(bytes);
    file.set(MP4_HEAD);
    form.append('file', new Blob([file]), 'clip.mp4');
  }
  return form;
}

describe('the resolved document of random readings and the mock playing them', () => {
  it('agree on every request: valid ones accepted, invalid ones refused, every answer listed', async () => {
    const property = fc.asyncProperty(
      readingChoices,
      createBody,
      uploadForm,
      updateBody,
      async (readings, create, upload, update) => {
        const app = start(readings, create);
        const { document, send } = resolvedExchange(app, readings);
        const exchanges: Judged[] = [];
        const created = await send({ path: CREATE, method: 'post', url: CREATE, body: create });
        exchanges.push(created);
        // The chain needs a video: a create of one, when the drawn create made none.
        let withKeys = created;
        if (!Array.isArray(created.answer.json) || created.answer.json.length === 0) {
          const one = { projectKey: 'property', videos: [{ title: 'One' }] };
          withKeys = await send({ path: CREATE, method: 'post', url: CREATE, body: one });
          exchanges.push(withKeys);
        }
        const uploadKey = keyThrough(document, CREATE, 'post', withKeys, 'uploadVideoSource');
        const { fileBytes } = upload;
        exchanges.push(
          await send({
            path: UPLOAD,
            method: 'post',
            url: `/api/upload/v1/form-data/videos/${uploadKey}`,
            body: fileBytes === undefined ? {} : { file: 'x'.repeat(fileBytes) },
            init: { method: 'POST', body: formOf(fileBytes) },
          }),
        );
        const getKey = keyThrough(document, CREATE, 'post', withKeys, 'getVideo');
        const got = await send({ path: GET, method: 'get', url: `/api/v1/videos/${getKey}` });
        exchanges.push(got);
        const updateKey = keyThrough(document, GET, 'get', got, 'updateCustomFields');
        await app.mock.setDefinitions(definitionsFor(update));
        const url = `/api/v1/videos/${updateKey}/custom-fields`;
        exchanges.push(await send({ path: UPDATE, method: 'put', url, body: update }));
        exchanges.push(await send({ path: GET, method: 'get', url: `/api/v1/videos/${updateKey}` }));
        expect(exchanges.flatMap((exchange) => exchange.findings)).toEqual([]);
        await app.mock.close();
      },
    );
    await fc.assert(property, { numRuns: 40, endOnFailure: true });
  });
});

describe('disagreements the property test found, fixed in the mock', () => {
  const headers = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };
  const refusedOrNot = async (
    readings: Record<string, string>,
    path: string,
    method: string,
    body: unknown,
  ) => {
    const app = start(readings, { projectKey: 'p' });
    await app.request(CREATE, {
      method: 'POST',
      headers,
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 't' }] }),
    });
    return (await app.request(path, { method, headers, body: JSON.stringify(body) })).status;
  };

  it('a title of 200 code points outside the BMP (400 UTF-16 units) is accepted under limited', async () => {
    const body = { projectKey: 'p', videos: [{ title: '\u{1F600}'.repeat(200) }] };
    expect(await refusedOrNot({ 'field-length-limits': 'limited' }, CREATE, 'POST', body)).toBeLessThan(300);
  });

  it('a name of 256 characters whose value is null is refused under limited and removes-field', async () => {
    const readings = { 'field-length-limits': 'limited', 'custom-field-null': 'removes-field' };
    const body = { simpleCustomFields: { ['a'.repeat(256)]: null } };
    const status = await refusedOrNot(readings, '/api/v1/videos/v-0001/custom-fields', 'PUT', body);
    expect(status).toBeGreaterThanOrEqual(400);
  });
});
