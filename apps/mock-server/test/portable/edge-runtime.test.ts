/**
 * The portable core in a runtime that has web APIs only (@edge-runtime/vm: no `require`, no
 * `process`, no Buffer, no Node built-ins): src/portable.ts bundled for the neutral platform (a
 * Node built-in anywhere in it fails the bundle), then the four operations of the interface run
 * through `app.fetch` inside the VM, the upload as multipart from a web stream.
 */
import { fileURLToPath } from 'node:url';
import { EdgeVM } from '@edge-runtime/vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../../src/portable.ts', import.meta.url));

/** src/portable.ts as one script that sets `globalThis.VideoApiMock`. */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'VideoApiMock',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['@video-api/source', 'worker', 'browser', 'import', 'default'],
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** What runs inside the VM: the document's flow (§4.1–§4.4) against the portable mock. */
const FLOW = `(async () => {
  const app = VideoApiMock.createApp({ realTimeClock: false, memoryUploadBytes: 1024 * 1024 });
  const base = 'http://mock.test';
  const auth = { authorization: 'Bearer mock-token' };
  const call = async (path, init = {}) => {
    const res = await app.fetch(new Request(base + path, { ...init, headers: { ...auth, ...init.headers } }));
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), readings: res.headers.get('x-mock-readings'), body: text ? JSON.parse(text) : null };
  };
  const created = await call('/api/v1/videos', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'edge', videos: [{ title: 'Edge clip' }, { title: 'Too big' }] }),
  });
  const key = created.body[0].key;
  // A multipart body as a web stream, in small chunks: the file is 100 000 bytes of a pattern.
  const boundary = 'edge-boundary-7d1';
  const encoder = new TextEncoder();
  const file = new Uint8Array(100000).map((_, i) => (i * 7) % 251);
  const head = encoder.encode('--' + boundary + '\\r\\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
  const tail = encoder.encode('\\r\\n--' + boundary + '--\\r\\n');
  const parts = [head, file, tail];
  let chunks = 0;
  const stream = new ReadableStream({
    pull(controller) {
      const part = parts.shift();
      if (!part) return controller.close();
      for (let at = 0; at < part.length; at += 4096) { controller.enqueue(part.subarray(at, at + 4096)); chunks += 1; }
    },
  });
  const uploaded = await call('/api/upload/v1/form-data/videos/' + key, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=' + boundary },
    body: stream,
    duplex: 'half',
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'video/mp4' }), 'big.mp4');
  const tooBig = await call('/api/upload/v1/form-data/videos/' + created.body[1].key, { method: 'POST', body: form });
  await app.mock.advanceClock(2000);
  const ready = await call('/api/v1/videos/' + key);
  const updated = await call('/api/v1/videos/' + key + '/custom-fields', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ simpleCustomFields: { note: 'edge', views: 3, featured: true, at: '2026-11-23T10:00:00Z', topics: ['a', 'b'] } }),
  });
  const read = await call('/api/v1/videos/' + key);
  const source = await app.mock.sourceOf(key);
  await app.mock.close();
  return JSON.stringify({ created, uploaded, tooBig, ready, updated, read, source, chunks });
})()`;

describe('the portable core in a web-only runtime (@edge-runtime/vm)', () => {
  let vm: EdgeVM;
  beforeAll(async () => {
    vm = new EdgeVM();
    vm.evaluate(await bundle());
  });

  it('has no Node there: no require, no process, no Buffer', () => {
    expect(vm.evaluate('[typeof require, typeof process, typeof Buffer]')).toEqual([
      'undefined',
      'undefined',
      'undefined',
    ]);
  });

  it('creates, uploads (multipart from a web stream), gets and updates', async () => {
    const result = JSON.parse(await vm.evaluate<Promise<string>>(FLOW));
    expect(result.created.status).toBe(200);
    expect(result.created.body).toHaveLength(2);
    expect(result.created.body[0].primaryPlaybackUrl.hls.url).toMatch(
      /^http:\/\/mock\.test\/hls\/v-0001\/playlist\.m3u8$/,
    );
    expect(result.chunks).toBeGreaterThan(20);
    expect(result.uploaded.status).toBe(200);
    expect(result.source).toEqual({
      file: 'memory:v-0001',
      size: 100000,
      filename: 'clip.mp4',
      contentType: 'video/mp4',
    });
    expect(result.ready.body).toMatchObject({
      videoKey: 'v-0001',
      simpleCustomFields: {},
      status: 'ready',
      title: 'Edge clip',
    });
    const fields = { note: 'edge', views: 3, featured: true, at: '2026-11-23T10:00:00Z', topics: ['a', 'b'] };
    expect(result.updated).toMatchObject({
      status: 200,
      body: { videoKey: 'v-0001', simpleCustomFields: fields },
    });
    expect(result.read.body.simpleCustomFields).toEqual(fields);
    expect(result.read.readings).toContain('readiness-field=status-string');
  });

  it('answers 413 past the memory sink bound, in the error shape of the readings', async () => {
    const result = JSON.parse(await vm.evaluate<Promise<string>>(FLOW));
    expect(result.tooBig.status).toBe(413);
    expect(result.tooBig.type).toBe('application/problem+json');
    expect(result.tooBig.body).toMatchObject({
      status: 413,
      errors: [{ pointer: '/file', message: 'at most 1048576 bytes are accepted' }],
    });
  });
});
