/** GET /__mock/journal/entries/{seq}: an entry with its request and response, for the newest 200 requests. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODIES_KEPT, BODY_TEXT_CAP, prefixOf } from '../../src/state/journal-bodies.js';
import type { JournalEntry, JournalExchange } from '../../src/state/types.js';
import { AUTH, api, TOKEN } from '../support/api.js';

type App = ReturnType<typeof api>['app'];

async function lastSeq(app: App): Promise<number> {
  const { entries } = (await (await app.request('/__mock/journal')).json()) as { entries: JournalEntry[] };
  return entries.at(-1)?.seq ?? 0;
}

async function exchange(app: App, seq: number): Promise<JournalExchange> {
  const res = await app.request(`/__mock/journal/entries/${seq}`);
  expect(res.status).toBe(200);
  return (await res.json()) as JournalExchange;
}

describe('GET /__mock/journal/entries/{seq}', () => {
  it('shows the JSON text the mock parsed and the text it answered, Authorization cut to its scheme', async () => {
    const { app, create } = api();
    const sent = '{ "projectKey": "demo",\n  "videos": [{ "title": "first" }] }';
    const res = await create(sent, { headers: AUTH });
    const answered = await res.text();
    const { entry, kept, request, response } = await exchange(app, await lastSeq(app));
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/videos', operationId: 'createVideos' });
    expect(kept).toBe(true);
    expect(request?.headers.authorization).toBe('Bearer [redacted]');
    expect(JSON.stringify(request)).not.toContain(TOKEN);
    expect(request?.body).toEqual({
      kind: 'text',
      contentType: 'application/json',
      text: sent,
      length: sent.length,
      truncated: false,
    });
    expect(response?.status).toBe(res.status);
    expect(response?.headers['x-mock-readings']).toBe(res.headers.get('x-mock-readings'));
    expect(response?.body).toMatchObject({ kind: 'text', text: answered, length: answered.length });
  });

  it('shows every answer with the status, headers and text the client got, also with a reading header and under CORS', async () => {
    const { app, keys, get, put } = api();
    const [key = ''] = await keys(1);
    const answers = [
      () => get(key),
      () => get('v-none'),
      () => get(key, { headers: {} }),
      () => put(key, { simpleCustomFields: { views: 3 } }),
      () => put(key, { simpleCustomFields: { views: {} } }),
      () => get(key, { headers: { ...AUTH, 'x-mock-reading': 'readiness-field=ready-flag' } }),
      () => get(key, { headers: { ...AUTH, 'x-mock-reading': 'readiness-field=nonsense' } }), // the mock's own error
      () => get(key, { headers: { ...AUTH, origin: 'http://localhost:5173' } }),
    ];
    for (const send of answers) {
      const res = await send();
      const text = await res.text();
      const { response } = await exchange(app, await lastSeq(app));
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        headers[name] = value;
      });
      expect(response?.status).toBe(res.status);
      expect(response?.headers).toEqual(headers);
      expect(response?.body).toMatchObject({ kind: 'text', text, length: text.length });
    }
  });

  it('summarises an upload by its file part, never its bytes, and an HLS answer by type and length', async () => {
    const { app, keys, upload } = api();
    const [key = ''] = await keys(1);
    const bytes = 'not really a video '.repeat(50);
    expect((await upload(key, new Blob([bytes], { type: 'video/mp4' }))).status).toBeLessThan(300);
    const uploaded = await exchange(app, await lastSeq(app));
    expect(uploaded.request?.body).toMatchObject({
      kind: 'multipart',
      parts: [{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', bytes: bytes.length }],
    });
    expect(JSON.stringify(uploaded)).not.toContain('not really a video');
    await app.request(`/__mock/videos/${key}/ready`, { method: 'POST' });
    const playlist = await app.request(`/hls/${key}/playlist.m3u8`);
    const length = (await playlist.arrayBuffer()).byteLength;
    const played = await exchange(app, await lastSeq(app));
    expect(played.request?.body).toEqual({ kind: 'none' });
    expect(played.response?.body).toEqual({
      kind: 'binary',
      contentType: playlist.headers.get('content-type'),
      bytes: length,
    });
  });

  it('keeps the bodies of the newest 200 requests, journals no admin request, and refuses a bad seq', async () => {
    const { app, get } = api();
    for (let i = 0; i < BODIES_KEPT + 50; i++) await get(`v-${i}`);
    for (let i = 0; i < 20; i++) await app.request('/__mock/readings');
    const newest = await lastSeq(app);
    expect(newest).toBe(BODIES_KEPT + 50);
    expect((await exchange(app, newest)).entry.path).toBe(`/api/v1/videos/v-${BODIES_KEPT + 49}`);
    expect((await exchange(app, newest - BODIES_KEPT + 1)).kept).toBe(true);
    const old = await exchange(app, newest - BODIES_KEPT);
    expect(old).toMatchObject({ kept: false, entry: { seq: newest - BODIES_KEPT } });
    expect(old.request).toBeUndefined();
    expect((await app.request(`/__mock/journal/entries/${newest + 1}`)).status).toBe(404);
    const bad = await app.request('/__mock/journal/entries/-1');
    expect(bad.status).toBe(404);
    expect(((await bad.json()) as { detail: string }).detail).toContain('a sequence number of the journal');
  });

  it('shows the original prefix of any request text and its exact length, cut at 64 Ki characters', async () => {
    const { app } = api();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.integer({ min: 0, max: 3 * BODY_TEXT_CAP }),
        async (piece, size) => {
          const text = `"${piece.repeat(Math.ceil(size / Math.max(piece.length, 1))).slice(0, size)}`;
          await app.request('/api/v1/videos', {
            method: 'POST',
            headers: { ...AUTH, 'content-type': 'application/json' },
            body: text,
          });
          const { request } = await exchange(app, await lastSeq(app));
          const body = request?.body as { kind: string; text: string; length: number; truncated: boolean };
          const sent = new TextDecoder().decode(new TextEncoder().encode(text)); // as UTF-8 carries it
          expect(body.kind).toBe('text');
          expect(body.length).toBe(sent.length);
          expect(sent.startsWith(body.text)).toBe(true);
          expect(body.truncated).toBe(sent.length > BODY_TEXT_CAP);
          expect(body.text.length).toBe(body.truncated ? prefixOf(sent, BODY_TEXT_CAP).length : sent.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('prefixOf', () => {
  it('is a prefix of at most cap characters that never ends inside a surrogate pair', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.integer({ min: 1, max: 300 }),
        (text, cap) => {
          const prefix = prefixOf(text, cap);
          expect(text.startsWith(prefix)).toBe(true);
          const full = Math.min(text.length, cap);
          const endsInPair = text.length > cap && /[\uD800-\uDBFF]$/.test(text.slice(0, cap));
          expect(prefix.length).toBe(endsInPair ? full - 1 : full);
        },
      ),
    );
  });
});
