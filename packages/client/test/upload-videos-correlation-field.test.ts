/**
 * uploadVideos writes no custom field unless asked (`correlationField`), so it works against a
 * server that only accepts predefined fields (reading `custom-field-definition: predefined`, §2);
 * asked, it writes the correlation id and a rerun checks it. Against the in-process mock.
 */
import { createApp } from '@video-api/mock-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchFile } from '../src/batch/types.js';
import { AmbiguousCreateError, InputError, memoryLedger, ValidationError } from '../src/index.js';
import { createVideoApiClient } from '../src/node.js';
import { crashAtFirstUpload } from './support/crash.js';

type Reading = 'implicit' | 'predefined';
const apps: ReturnType<typeof createApp>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});

/** A mock playing `reading`, a client on it, and every request the client sent (PUT bodies read). */
function start(reading: Reading) {
  const app = createApp({
    realTimeClock: false,
    processingMs: 2000,
    readings: { 'custom-field-definition': reading },
  });
  apps.push(app);
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const client = createVideoApiClient({
    baseUrl: 'http://mock.test',
    token: 'mock-token',
    retry: false,
    fetch: async (req) => {
      const path = new URL(req.url).pathname;
      sent.push(
        req.method === 'PUT'
          ? { method: 'PUT', path, body: await req.clone().json() }
          : { method: req.method, path },
      );
      return app.fetch(req);
    },
  });
  return { app, client, sent, puts: () => sent.filter((request) => request.method === 'PUT') };
}

const files = (prefix: string, n: number): BatchFile<Uint8Array>[] =>
  Array.from({ length: n }, (_, i) => ({
    source: new Uint8Array(1000 + i).fill(i + 1),
    title: `${prefix}-${i}`,
    correlationId: `${prefix}-${i}`,
  }));

describe('uploadVideos without correlationField (the default)', () => {
  it('uploads every file against a server that only accepts predefined fields, and sends no custom field', async () => {
    const { app, client, sent, puts } = start('predefined');
    const results = await client.uploadVideos(files('p', 3), {
      projectKey: 'demo',
      batchSize: 2,
      wait: { onPoll: () => app.mock.advanceClock(1000) },
    });
    expect(results.map((r) => (r.ok ? 'ok' : r.error.message))).toEqual(['ok', 'ok', 'ok']);
    for (const [i, result] of results.entries()) {
      const key = result.videoKey as string;
      expect((await app.mock.sourceOf(key))?.size).toBe(1000 + i); // the video has its file
      expect(result.ok && result.video?.status).toBe('ready');
      expect((await client.getVideo(key)).simpleCustomFields).toEqual({});
    }
    expect(puts()).toEqual([]);
    expect(sent.some((request) => request.path.includes('custom-fields'))).toBe(false);
    expect(await app.mock.journal({ method: 'PUT' })).toEqual([]);
  });

  it('resumes after a crash from the ledger alone: the same videos, only the missing uploads, no custom field', async () => {
    const { app, client, sent, puts } = start('predefined');
    const count = (match: (request: { method: string; path: string }) => boolean) => () =>
      sent.filter(match).length;
    const creates = count((r) => r.method === 'POST' && r.path === '/api/v1/videos');
    const uploads = count((r) => r.path.startsWith('/api/upload/'));
    const ledger = memoryLedger();
    const first = await client.uploadVideos(files('r', 3), {
      projectKey: 'demo',
      ledger,
      ...crashAtFirstUpload(),
    });
    expect(first.every((r) => !r.ok)).toBe(true);
    await app.mock.uploadsSettled();
    expect(creates()).toBe(1);
    expect(await Promise.all(first.map((r) => app.mock.sourceOf(r.videoKey as string)))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    const uploadsBefore = uploads();
    expect(Object.values(ledger.entries()).map((entry) => entry.state)).toEqual([
      'created',
      'created',
      'created',
    ]);

    const second = await client.uploadVideos(files('r', 3), { projectKey: 'demo', ledger });
    expect(second.map((r) => r.ok)).toEqual([true, true, true]);
    expect(second.map((r) => r.videoKey)).toEqual(first.map((r) => r.videoKey));
    expect([creates(), uploads() - uploadsBefore]).toEqual([1, 3]);
    for (const [i, result] of second.entries())
      expect((await app.mock.sourceOf(result.videoKey as string))?.size).toBe(1000 + i);

    const third = await client.uploadVideos(files('r', 3), { projectKey: 'demo', ledger });
    expect(third.map((r) => r.videoKey)).toEqual(first.map((r) => r.videoKey));
    expect([creates(), uploads() - uploadsBefore, puts()]).toEqual([1, 3, []]);
  });

  it('creates again when the remembered video is gone (404), with no field to read back', async () => {
    const { client, puts } = start('implicit');
    const ledger = memoryLedger({ 'g-0': { state: 'created', videoKey: 'v-9999' } });
    const [result] = await client.uploadVideos(files('g', 1), { projectKey: 'demo', ledger });
    expect(result?.ok).toBe(true);
    expect(result?.videoKey).not.toBe('v-9999');
    expect(ledger.entries()['g-0']).toEqual({ state: 'uploaded', videoKey: result?.videoKey });
    expect(puts()).toEqual([]);
  });

  it("writes a file's own customFields, and only those", async () => {
    const { client, puts } = start('implicit');
    const [result] = await client.uploadVideos(
      [{ source: new Uint8Array(10), correlationId: 'own-0', customFields: { note: 'hello' } }],
      { projectKey: 'demo' },
    );
    expect(result?.ok).toBe(true);
    expect(puts()).toEqual([
      {
        method: 'PUT',
        path: `/api/v1/videos/${result?.videoKey}/custom-fields`,
        body: { simpleCustomFields: { note: 'hello' } },
      },
    ]);
  });

  it('gives advice for a create without a clear answer that speaks of no custom field', async () => {
    const { app, client } = start('implicit');
    app.mock.faults.add({ route: 'createVideos', errorRate: 1, errorStatus: 503, times: 1 });
    const [result] = await client.uploadVideos(files('a', 1), { projectKey: 'demo' });
    const error = result?.ok === false ? result.error : undefined;
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect(error?.message).toContain('with no source. Not creating it again');
    expect(error?.message).not.toContain('custom field');
  });
});

describe('uploadVideos with correlationField', () => {
  it("writes the correlation id into that field, with the file's customFields, before the upload", async () => {
    const { app, client, sent } = start('implicit');
    const [result] = await client.uploadVideos(
      [{ source: new Uint8Array(10), correlationId: 'on-0', customFields: { note: 'n' } }],
      { projectKey: 'demo', correlationField: 'uploadCorrelationId' },
    );
    expect(result?.ok).toBe(true);
    const key = result?.videoKey as string;
    expect((await client.getVideo(key)).simpleCustomFields).toEqual({
      note: 'n',
      uploadCorrelationId: 'on-0',
    });
    expect((await app.mock.sourceOf(key))?.size).toBe(10);
    const order = sent.map((request) => request.method);
    expect(order.indexOf('PUT')).toBeLessThan(order.lastIndexOf('POST')); // field first, then the upload
  });

  it('works against predefined fields once the field is defined there', async () => {
    const { app, client } = start('predefined');
    await app.mock.setDefinitions([{ name: 'batchId', kind: 'string' }]);
    const [result] = await client.uploadVideos(files('d', 1), {
      projectKey: 'demo',
      correlationField: 'batchId',
    });
    expect(result?.ok).toBe(true);
    expect((await client.getVideo(result?.videoKey as string)).simpleCustomFields).toEqual({
      batchId: 'd-0',
    });
  });

  it("fails the file with the server's 4xx where the field is not defined (why it is off by default)", async () => {
    const { app, client } = start('predefined');
    const [result] = await client.uploadVideos(files('u', 1), {
      projectKey: 'demo',
      correlationField: 'uploadCorrelationId',
    });
    expect(result?.ok === false && result.error).toBeInstanceOf(ValidationError);
    expect(await app.mock.sourceOf(result?.videoKey as string)).toBeUndefined();
  });

  it('on a rerun, writes the field of a remembered video that lacks it, and uploads nothing again', async () => {
    const { app, client, puts } = start('implicit');
    const ledger = memoryLedger();
    const [first] = await client.uploadVideos(files('m', 1), { projectKey: 'demo', ledger });
    expect(puts()).toEqual([]); // written without the field
    const [again] = await client.uploadVideos(files('m', 1), {
      projectKey: 'demo',
      ledger,
      correlationField: 'uploadCorrelationId',
    });
    expect(again?.videoKey).toBe(first?.videoKey);
    expect(puts()).toHaveLength(1);
    expect((await client.getVideo(again?.videoKey as string)).simpleCustomFields).toEqual({
      uploadCorrelationId: 'm-0',
    });
    expect(await app.mock.journal({ operationId: 'uploadVideoSource' })).toHaveLength(1);
  });

  it.each([[42], [true], [{}]])('refuses %j as correlationField, before sending anything', async (value) => {
    const { client, sent } = start('implicit');
    const batch = client.uploadVideos(files('x', 1), {
      projectKey: 'demo',
      correlationField: value as never,
    });
    await expect(batch).rejects.toThrow(InputError);
    await expect(batch).rejects.toThrow(
      /^uploadVideos: correlationField must be a field name or false, got /,
    );
    expect(sent).toEqual([]);
  });

  it.each<[false | '']>([[false], ['']])('takes %j as off', async (value) => {
    const { client, puts } = start('predefined');
    const [result] = await client.uploadVideos(files('f', 1), {
      projectKey: 'demo',
      correlationField: value,
    });
    expect([result?.ok, puts()]).toEqual([true, []]);
  });
});
