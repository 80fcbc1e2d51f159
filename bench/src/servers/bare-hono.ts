/**
 * The framework's limit: a bare Hono app on @hono/node-server that answers GET video and PUT custom
 * fields with the same JSON as the mock, from a Map, with no validation, readings or journal.
 * Run as its own process; prints `listening on <url>`. The record to serve is passed as JSON in
 * the BARE_RECORD environment variable (the mock's own answer, so both send the same bytes).
 */
import { serveApp } from '@video-api/test-support';
import { Hono } from 'hono';

type Fields = Record<string, unknown>;
type VideoJson = { videoKey: string; simpleCustomFields: Fields } & Record<string, unknown>;

const record = JSON.parse(process.env.BARE_RECORD ?? '{}') as VideoJson;
const videos = new Map<string, VideoJson>([[record.videoKey, record]]);

const app = new Hono();
app.get('/api/v1/videos/:videoKey', (c) => {
  const video = videos.get(c.req.param('videoKey'));
  return video ? c.json(video) : c.json({ title: 'Not found' }, 404);
});
app.put('/api/v1/videos/:videoKey/custom-fields', async (c) => {
  const video = videos.get(c.req.param('videoKey'));
  if (!video) return c.json({ title: 'Not found' }, 404);
  const body = (await c.req.json()) as { simpleCustomFields?: Fields };
  const next = { ...video, simpleCustomFields: { ...video.simpleCustomFields, ...body.simpleCustomFields } };
  videos.set(next.videoKey, next);
  return c.json(next);
});

const server = await serveApp(app);
process.stdout.write(`listening on ${server.url}\n`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
