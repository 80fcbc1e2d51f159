/**
 * A small server of the interface that is not the mock, for the twin's tests: written by hand on
 * Hono, it plays many unknowns otherwise than the mock's defaults. What a contract run observes of
 * it (READINGS) is what a twin started from that run's report must play.
 */
import { Hono } from 'hono';

/** The token this server accepts (§5). */
export const TWIN_TOKEN = 'twin-token';

/** The readings this server plays where the mock's defaults differ, and what a run observes. */
export const READINGS = {
  'status-codes': 'semantic', // create 201, upload 202
  'error-codes': 'validation-422',
  'error-shape': 'error-object',
  'field-length-limits': 'limited', // titles over 255 characters
  'video-transitions': 'reupload-rejected',
  'upload-response-body': 'upload-receipt',
  'auth-get-video': 'not-required',
  'readiness-field': 'ready-flag',
  'video-record-fields': 'listed-only',
  'custom-fields-omitted': 'replace',
  'custom-field-null': 'removes-field',
  'unknown-video-key': 'forbidden-403',
  'media-type-refusal': 'bad-request-400',
} as const;

type FieldValue = string | number | boolean | string[];
interface Video {
  title: string;
  /** Whether a source was received (a second upload is refused: `video-transitions: reupload-rejected`). */
  source: boolean;
  ready: boolean;
  fields: Record<string, FieldValue>;
}

/** How long this server processes a source before the video is ready. */
const PROCESSING_MS = 200;

const error = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });
const refused = () => error(401, 'unauthorized', 'a Bearer token is required');
const invalid = (message: string) => error(422, 'validation', message);
/** A key no video has: 403, as if it were another account's (§7, `unknown-video-key: forbidden-403`). */
const unknownKey = (key: string) => error(403, 'forbidden', `video ${key} is not yours to use`);
/** A body of another media type: 400 (§7, `media-type-refusal: bad-request-400`). */
const wrongType = (expected: string) => error(400, 'media-type', `the body is ${expected}`);
const isJson = (request: Request) => /^application\/json\b/i.test(request.headers.get('content-type') ?? '');

const isText = (value: unknown): value is string => typeof value === 'string';
const isFieldValue = (value: unknown): value is FieldValue | null =>
  value === null ||
  isText(value) ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every(isText));

async function jsonBody(request: Request): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return undefined;
  return request.json().catch(() => undefined);
}

/** The server: a fresh one per call, videos in a Map. */
export function twinServer(): Hono {
  const videos = new Map<string, Video>();
  let next = 0;
  const app = new Hono();
  const authorized = (request: Request) => request.headers.get('authorization') === `Bearer ${TWIN_TOKEN}`;
  const record = (key: string, video: Video) => ({
    videoKey: key,
    simpleCustomFields: video.fields,
    ready: video.ready,
  });

  app.post('/api/v1/videos', async (c) => {
    if (!authorized(c.req.raw)) return refused();
    if (!isJson(c.req.raw)) return wrongType('JSON');
    const body = (await jsonBody(c.req.raw)) as { projectKey?: unknown; videos?: unknown } | undefined;
    const entries = body?.videos;
    if (!body || !isText(body.projectKey) || !Array.isArray(entries) || entries.length === 0) {
      return invalid('projectKey (a string) and videos (a non-empty array) are required');
    }
    for (const entry of entries as Array<{ title?: unknown; tags?: unknown } | null>) {
      if (!entry || !isText(entry.title)) return invalid('every video needs a title (a string)');
      if (entry.title.length > 255) return invalid('a title is at most 255 characters');
      if (entry.tags !== undefined && !(Array.isArray(entry.tags) && entry.tags.every(isText))) {
        return invalid('tags are a list of strings');
      }
    }
    const origin = new URL(c.req.url).origin;
    const created = (entries as Array<{ title: string }>).map(({ title }) => {
      const key = `tw${String(++next).padStart(5, '0')}`;
      videos.set(key, { title, source: false, ready: false, fields: {} });
      const hls = { name: 'hls', url: `${origin}/hls/${key}/playlist.m3u8` };
      return { key, title, primaryPlaybackUrl: { name: 'primary', hls } };
    });
    return Response.json(created, { status: 201 });
  });

  app.post('/api/upload/v1/form-data/videos/:key', async (c) => {
    if (!authorized(c.req.raw)) return refused();
    const key = c.req.param('key');
    const video = videos.get(key);
    if (!video) return unknownKey(key);
    if (Number(c.req.header('content-length') ?? 0) > 2 ** 30) {
      return error(413, 'too-large', 'files are at most 1 GiB');
    }
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
      return wrongType('a multipart/form-data form');
    }
    if (video.source) return error(409, 'conflict', `video ${key} has its source already`);
    const form = await c.req.formData().catch(() => undefined);
    const file = form?.get('file');
    if (!(file instanceof Blob)) return invalid('the form has no file field');
    video.source = true;
    setTimeout(() => {
      video.ready = true;
    }, PROCESSING_MS);
    const filename = file instanceof File ? file.name : 'file';
    return Response.json({ videoKey: key, size: file.size, filename }, { status: 202 });
  });

  app.get('/api/v1/videos/:key', (c) => {
    const video = videos.get(c.req.param('key'));
    if (!video) return unknownKey(c.req.param('key'));
    return Response.json(record(c.req.param('key'), video));
  });

  app.put('/api/v1/videos/:key/custom-fields', async (c) => {
    if (!authorized(c.req.raw)) return refused();
    const key = c.req.param('key');
    const video = videos.get(key);
    if (!video) return unknownKey(key);
    if (!isJson(c.req.raw)) return wrongType('JSON');
    const body = await jsonBody(c.req.raw);
    const fields = (body as { simpleCustomFields?: unknown } | undefined)?.simpleCustomFields;
    if (
      typeof body !== 'object' ||
      body === null ||
      Object.keys(body).length !== 1 ||
      typeof fields !== 'object' ||
      fields === null ||
      Array.isArray(fields) ||
      !Object.values(fields).every(isFieldValue)
    ) {
      return invalid('the body is {"simpleCustomFields": {name: value}}');
    }
    // Replace: the fields written are all the fields; a null one is not kept.
    video.fields = Object.fromEntries(
      Object.entries(fields as Record<string, FieldValue | null>).filter(([, value]) => value !== null),
    ) as Record<string, FieldValue>;
    return Response.json(record(key, video));
  });

  app.get('/hls/:key/playlist.m3u8', (c) =>
    videos.get(c.req.param('key'))?.ready
      ? new Response('#EXTM3U\n', { headers: { 'content-type': 'application/vnd.apple.mpegurl' } })
      : error(404, 'not-found', 'not ready'),
  );
  app.notFound(() => error(404, 'not-found', 'no such route'));
  return app;
}
