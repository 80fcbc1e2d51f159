/**
 * The framework's limit: a bare Hono app on @hono/node-server that answers GET video, PUT custom
 * fields and create with the same JSON as the mock, from a Map. Its only check is what a handler
 * cannot skip: JSON.parse of the body and a shallow look at its shape (no schema, readings,
 * journal, auth or guards). Run as its own process; prints `listening on <url>`. The record to
 * serve is passed as JSON in BARE_RECORD (the mock's own GET answer, so both send the same bytes).
 */
import { settleRequestShapes } from '@video-api/mock-server/node';
import { serveApp } from '@video-api/test-support';
import { Hono } from 'hono';

type Fields = Record<string, unknown>;
type VideoJson = { videoKey: string; simpleCustomFields: Fields } & Record<string, unknown>;

const record = JSON.parse(process.env.BARE_RECORD ?? '{}') as VideoJson;
const videos = new Map<string, VideoJson>([[record.videoKey, record]]);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
let origin = '';
let created = videos.size;

const app = new Hono();
app.get('/api/v1/videos/:videoKey', (c) => {
  const video = videos.get(c.req.param('videoKey'));
  return video ? c.json(video) : c.json({ title: 'Not found' }, 404);
});
app.put('/api/v1/videos/:videoKey/custom-fields', async (c) => {
  const video = videos.get(c.req.param('videoKey'));
  if (!video) return c.json({ title: 'Not found' }, 404);
  const body = (await c.req.json()) as unknown;
  if (!isObject(body) || !isObject(body.simpleCustomFields)) return c.json({ title: 'Bad body' }, 400);
  const simpleCustomFields = { ...video.simpleCustomFields, ...body.simpleCustomFields };
  const next = { ...video, simpleCustomFields, updatedAt: new Date().toISOString() };
  videos.set(next.videoKey, next);
  return c.json(next);
});
// The mock's create: one record per entry (its GET shape), answered with key, title and playback URL.
app.post('/api/v1/videos', async (c) => {
  const body = (await c.req.json()) as unknown;
  if (!isObject(body) || typeof body.projectKey !== 'string' || !Array.isArray(body.videos))
    return c.json({ title: 'Bad body' }, 400);
  const now = new Date().toISOString();
  const answer = (body.videos as { title?: string }[]).map(({ title }) => {
    const videoKey = `v-${String(++created).padStart(4, '0')}`; // the mock's key form
    const primaryPlaybackUrl = {
      name: 'primary',
      hls: { name: 'hls', url: `${origin}/hls/${videoKey}/playlist.m3u8` },
    };
    const video: VideoJson = {
      videoKey,
      simpleCustomFields: {},
      status: 'created',
      title,
      projectKey: body.projectKey,
      primaryPlaybackUrl,
      createdAt: now,
      updatedAt: now,
    };
    videos.set(videoKey, video);
    return { key: videoKey, title, primaryPlaybackUrl };
  });
  return c.json(answer);
});

// Settled as the mock's startServer settles its own, so neither side's layout is left to chance.
await settleRequestShapes();
const server = await serveApp(app);
origin = server.url;
process.stdout.write(`listening on ${server.url}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
