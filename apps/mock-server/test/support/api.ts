/**
 * Test helpers: an app in-process on a stopped virtual clock, typed calls of the four operations,
 * and a check that every 2xx the mock sends conforms to the spec's response schema (the mock never
 * lies about the spec). Every test that uses `api()` makes that check on every response.
 */

import { parseReadingList } from '@video-api/schema';
import { resolveSpec } from '@video-api/schema/resolve';
import { zCreateVideosResponse, zGetVideoResponse, zUpdateCustomFieldsResponse } from '@video-api/schema/zod';
import { afterEach, expect } from 'vitest';
import { createApp } from '../../src/node/index.js';
import type { MockApp, MockOptions } from '../../src/types.js';

export const TOKEN = 'mock-token';
export const AUTH = { authorization: `Bearer ${TOKEN}` };
const JSON_HEADERS = { ...AUTH, 'content-type': 'application/json' };

/** How many responses the conformance check has seen, per operation (read by the conformance test). */
export const checked = { createVideos: 0, getVideo: 0, updateCustomFields: 0, uploadVideoSource: 0 };

const apps: MockApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});

const documented = new Map<string, Record<string, string[]>>();
/**
 * Answers the mock gives beyond any reading, to protect itself: 413 for a JSON body over 1 MiB or a
 * record over `maxRecordBytes` (README "Guards").
 */
const GUARDS: Record<string, string[]> = { createVideos: ['413'], updateCustomFields: ['413'] };
/**
 * The statuses each operation documents in the resolved document of the readings a response says it
 * played (`X-Mock-Readings`), with the error media type: what the mock answers must be in it.
 */
function resolvedStatuses(header: string): Record<string, string[]> {
  let statuses = documented.get(header);
  if (statuses === undefined) {
    const parsed = parseReadingList(header);
    if (!parsed.ok) throw new Error(`X-Mock-Readings "${header}": ${parsed.problems.join('; ')}`);
    const { document } = resolveSpec({ readings: parsed.choice });
    statuses = {};
    for (const item of Object.values(
      document.paths as Record<string, Record<string, { operationId?: string; responses?: object }>>,
    )) {
      for (const operation of Object.values(item)) {
        if (operation.operationId) statuses[operation.operationId] = Object.keys(operation.responses ?? {});
      }
    }
    documented.set(header, statuses);
  }
  return statuses;
}

/**
 * Asserts that the status of every answer of a spec operation is one its resolved document lists
 * for the readings it played, and a 2xx body against its generated response schema.
 */
async function assertConforms(operationId: keyof typeof checked, res: Response): Promise<void> {
  const readings = res.headers.get('x-mock-readings');
  // An injected fault (X-Mock-Fault) and an error of the mock itself (X-Mock-Error, a bad X-Mock-*
  // header) are the mock's own doing, never a reading: they are not checked here.
  if (readings !== null && !res.headers.has('x-mock-fault') && !res.headers.has('x-mock-error')) {
    expect(
      [...(resolvedStatuses(readings)[operationId] ?? []), ...(GUARDS[operationId] ?? [])],
      `${operationId} answered ${res.status} under ${readings}; its resolved document does not list it`,
    ).toContain(String(res.status));
  }
  if (res.status < 200 || res.status > 299) return;
  const text = await res.clone().text();
  checked[operationId] += 1;
  if (operationId === 'uploadVideoSource') {
    // §4.2: the body is not shown; the video-record reading must be the §4.3 shape.
    const reading = res.headers.get('x-mock-readings') ?? '';
    if (reading.includes('upload-response-body=video-record')) zGetVideoResponse.parse(JSON.parse(text));
    if (reading.includes('upload-response-body=empty')) expect(text).toBe('');
    return;
  }
  const schema = {
    createVideos: zCreateVideosResponse,
    getVideo: zGetVideoResponse,
    updateCustomFields: zUpdateCustomFieldsResponse,
  }[operationId];
  const result = schema.safeParse(JSON.parse(text));
  expect(
    result.success,
    `${operationId} answered ${text}, which does not conform: ${result.error?.message}`,
  ).toBe(true);
}

type Init = { headers?: Record<string, string>; reading?: string };

function headersOf(init: Init, base: Record<string, string>): Record<string, string> {
  return { ...base, ...(init.reading && { 'x-mock-reading': init.reading }), ...init.headers };
}

/**
 * An app on a stopped virtual clock and helpers to call it.
 *
 * @example
 * const { create, get } = api();
 * const [video] = await (await create({ projectKey: 'p', videos: [{ title: 't' }] })).json();
 */
export function api(options: MockOptions = {}) {
  const app = createApp({ realTimeClock: false, ...options });
  apps.push(app);
  const call = async (operationId: keyof typeof checked | undefined, path: string, init: RequestInit) => {
    const res = await app.request(path, init);
    if (operationId) await assertConforms(operationId, res);
    return res;
  };
  return {
    app,
    create: (body: unknown, init: Init = {}) =>
      call('createVideos', '/api/v1/videos', {
        method: 'POST',
        headers: headersOf(init, JSON_HEADERS),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    get: (key: string, init: Init = {}) =>
      call('getVideo', `/api/v1/videos/${encodeURIComponent(key)}`, { headers: headersOf(init, AUTH) }),
    put: (key: string, body: unknown, init: Init = {}) =>
      call('updateCustomFields', `/api/v1/videos/${encodeURIComponent(key)}/custom-fields`, {
        method: 'PUT',
        headers: headersOf(init, JSON_HEADERS),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    upload: (key: string, file: Blob | undefined = new Blob(['fake video bytes']), init: Init = {}) => {
      const form = new FormData();
      if (file) form.set('file', file, 'clip.mp4');
      return call('uploadVideoSource', `/api/upload/v1/form-data/videos/${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: headersOf(init, AUTH),
        body: form,
      });
    },
    /** Uploads a multipart body as given (`body` with CRLF line ends, parts delimited by `boundary`). */
    uploadRaw: (key: string, body: string, boundary: string, init: Init = {}) =>
      call('uploadVideoSource', `/api/upload/v1/form-data/videos/${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: headersOf(init, { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` }),
        body,
      }),
    /** Creates `n` videos and returns their keys. */
    async keys(n = 1, token = TOKEN): Promise<string[]> {
      const res = await call('createVideos', '/api/v1/videos', {
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
        body: JSON.stringify({
          projectKey: 'demo',
          videos: Array.from({ length: n }, (_, i) => ({ title: `video ${i}` })),
        }),
      });
      const body = (await res.json()) as { key: string }[];
      return body.map((video) => video.key);
    },
  };
}

/** The readings a response says it played, as an object. */
export function played(res: Response): Record<string, string> {
  const header = res.headers.get('x-mock-readings') ?? '';
  return Object.fromEntries(
    header
      .split(',')
      .filter((part) => part.includes('='))
      .map((part) => part.split('=').map((s) => s.trim()) as [string, string]),
  );
}
