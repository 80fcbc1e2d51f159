/**
 * Readings of what the service takes (§2, §4.1, §4.2, §7): a project key the token may not upload
 * to, which files are a source, the parts of the upload form beside `file`, and how a date-time
 * reads back.
 */
import { expect } from 'vitest';
import type { Ctx, Table } from './context.js';
import { json } from './context.js';

/** The first bytes of an MP4 (a box size, then `ftyp`): a video container to `video-only`. */
const MP4_HEAD = '\0\0\0\x18ftypisom\0\0\x02\0';
const BOUNDARY = 'reading-boundary';

/** A multipart body of `parts` ([disposition parameters, content]), CRLF-delimited. */
function form(parts: Array<[string, string]>): string {
  const body = parts.map(
    ([params, content]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; ${params}\r\n\r\n${content}\r\n`,
  );
  return `${body.join('')}--${BOUNDARY}--\r\n`;
}

const FILE_PART: [string, string] = ['name="file"; filename="clip.mp4"', MP4_HEAD];
/** A field beside the file, well formed. */
const NOTE_PART: [string, string] = ['name="note"', 'a note'];
/** A field whose name holds a control character: a quoted string cannot hold it (RFC 7578 §4.2). */
const CONTROL_PART: [string, string] = ['name="a\x01b"', 'x'];

async function upload(ctx: Ctx, parts: Array<[string, string]>): Promise<Response> {
  const [key = ''] = await ctx.h.keys();
  const res = await ctx.h.uploadRaw(key, form(parts), BOUNDARY, ctx.init);
  ctx.playedIt(res);
  return res;
}

async function createIn(ctx: Ctx, projectKey: string): Promise<Response> {
  const res = await ctx.h.create({ projectKey, videos: [{ title: 't' }] }, ctx.init);
  ctx.playedIt(res);
  return res;
}

async function register(ctx: Ctx, body: unknown): Promise<Response> {
  const res = await ctx.h.app.request('/api/v1/webhooks', {
    method: 'POST',
    headers: {
      authorization: 'Bearer mock-token',
      'content-type': 'application/json',
      ...(ctx.init.reading && { 'x-mock-reading': ctx.init.reading }),
    },
    body: JSON.stringify(body),
  });
  ctx.playedIt(res);
  return res;
}

async function dateTimeReadBack(ctx: Ctx, written: string): Promise<unknown> {
  const [key = ''] = await ctx.h.keys();
  const put = await ctx.h.put(key, { simpleCustomFields: { publishedAt: written, note: 'plain' } }, ctx.init);
  ctx.playedIt(put);
  // The reading acts when the value is written; the read gives back what was stored.
  const get = await ctx.h.get(key, ctx.init);
  const fields = (await json(get)).simpleCustomFields as Record<string, unknown>;
  expect(fields.note).toBe('plain');
  return fields.publishedAt;
}

export const inputEffects: Pick<
  Table,
  | 'unknown-project-key'
  | 'upload-source-files'
  | 'upload-form-parts'
  | 'date-time-read-back'
  | 'webhook-registration'
> = {
  'unknown-project-key': {
    'any-accepted': async (ctx) => {
      expect((await createIn(ctx, 'no-such-project')).status).toBe(200);
    },
    'not-found-404': async (ctx) => {
      expect((await createIn(ctx, 'no-such-project')).status).toBe(404);
      expect((await createIn(ctx, 'demo')).status).toBe(200); // the mock's default project
    },
    'forbidden-403': async (ctx) => {
      const res = await createIn(ctx, 'no-such-project');
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).toContain('no-such-project');
      expect((await createIn(ctx, 'demo')).status).toBe(200);
    },
  },
  'upload-source-files': {
    'any-file': async (ctx) => {
      expect((await upload(ctx, [['name="file"; filename="notes.txt"', 'plain text']])).status).toBe(200);
    },
    'video-only': async (ctx) => {
      const text = await upload(ctx, [['name="file"; filename="notes.txt"', 'plain text']]);
      expect(text.status).toBe(400);
      expect(JSON.stringify(await text.json())).toContain('video container');
      expect((await upload(ctx, [FILE_PART])).status).toBe(200);
    },
  },
  'upload-form-parts': {
    'extra-parts-ignored': async (ctx) => {
      expect((await upload(ctx, [NOTE_PART, FILE_PART])).status).toBe(200);
      // The file is the part named file sent as a file: a file name, or application/octet-stream.
      const octets: [string, string] = ['name="file"\r\nContent-Type: application/octet-stream', MP4_HEAD];
      expect((await upload(ctx, [octets])).status).toBe(200);
      const text = await upload(ctx, [['name="file"', MP4_HEAD]]);
      expect(text.status).toBe(400);
      expect(JSON.stringify(await text.json())).toContain('no file in the field');
      const control = await upload(ctx, [CONTROL_PART, FILE_PART]);
      expect(control.status).toBe(400);
      expect(JSON.stringify(await control.json())).toContain('multipart body could not be read');
    },
    lenient: async (ctx) => {
      expect((await upload(ctx, [NOTE_PART, FILE_PART])).status).toBe(200);
      expect((await upload(ctx, [CONTROL_PART, FILE_PART, CONTROL_PART])).status).toBe(200);
    },
    'file-only': async (ctx) => {
      expect((await upload(ctx, [FILE_PART])).status).toBe(200);
      const extra = await upload(ctx, [NOTE_PART, FILE_PART]);
      expect(extra.status).toBe(400);
      expect(JSON.stringify(await extra.json())).toContain('file-only');
    },
  },
  // §6 shows no registration: a route of the API under api-endpoint, none under outside-api.
  'webhook-registration': {
    'outside-api': async (ctx) => {
      const res = await register(ctx, { url: 'http://127.0.0.1:9/hooks' });
      expect(res.status).toBe(404);
      expect(ctx.h.app.mock.webhooks.list()).toEqual([]);
    },
    'api-endpoint': async (ctx) => {
      const res = await register(ctx, { url: 'http://127.0.0.1:9/hooks', secret: 'chosen-secret' });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ url: 'http://127.0.0.1:9/hooks', secret: 'chosen-secret' });
      expect(ctx.h.app.mock.webhooks.list().map((target) => target.url)).toEqual([
        'http://127.0.0.1:9/hooks',
      ]);
      const invalid = await register(ctx, {});
      expect(invalid.status).toBe(400);
      expect(JSON.stringify(await invalid.json())).toContain('/url');
    },
  },
  'date-time-read-back': {
    'same-text': async (ctx) => {
      expect(await dateTimeReadBack(ctx, '2026-11-22T09:30:00+01:00')).toBe('2026-11-22T09:30:00+01:00');
    },
    normalized: async (ctx) => {
      expect(await dateTimeReadBack(ctx, '2026-11-22T09:30:00+01:00')).toBe('2026-11-22T08:30:00.000Z');
    },
  },
};
