/**
 * The root README's curl flow (§4.1–§4.4 and playback), sent with fetch against a mock as a
 * user would type it: create two videos, upload the first one's file, poll until ready, write the
 * five value forms, read them back, fetch the HLS playlist the record names. Given several
 * instances of one mock, each step goes to the next one (create on A, upload on B, poll on A, …).
 */
const TOKEN = 'mock-token';

export interface Answer {
  status: number;
  body: unknown;
}

/** One JSON call with the README's token. */
export async function api(base: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const FIELDS = {
  note: 'Shot on location',
  views: 42,
  featured: true,
  publishedAt: '2026-11-22T08:30:00Z',
  topics: ['news', 'sport'],
};

/** What the flow was answered, step by step (the playlist: status and headers, not its bytes). */
export interface FlowAnswers {
  created: Answer;
  upload: Answer;
  ready: Answer;
  put: Answer;
  read: Answer;
  playlist: { status: number; contentType: string | null; rendition: string | null };
}

/** Runs the flow, uploading `clip`, on `bases` in turn; throws with what differed. */
export async function readmeCurlFlow(
  bases: string | readonly string[],
  clip: Uint8Array<ArrayBuffer>,
): Promise<FlowAnswers> {
  const turns = typeof bases === 'string' ? [bases] : bases;
  let step = 0;
  /** The instance of the next step. */
  const next = () => turns[step++ % turns.length] as string;
  let base = next();
  const created = await api(base, 'POST', '/api/v1/videos', {
    projectKey: 'demo',
    videos: [{ title: 'Opening keynote', tags: ['conference'] }, { title: 'Closing remarks' }],
  });
  const videos = created.body as { key?: string; videoKey?: string }[];
  if (created.status >= 300 || videos.length !== 2) throw new Error(`create: ${JSON.stringify(created)}`);
  const key = videos[0]?.key ?? videos[0]?.videoKey;
  const form = new FormData();
  form.append('file', new Blob([clip], { type: 'video/mp4' }), 'clip.mp4');
  base = next();
  const upload = await fetch(`${base}/api/upload/v1/form-data/videos/${key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: form,
  });
  const uploaded = await upload.text();
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${uploaded}`);
  base = next();
  const deadline = Date.now() + 30_000;
  let video = await api(base, 'GET', `/api/v1/videos/${key}`);
  while ((video.body as { status?: string }).status !== 'ready') {
    if ((video.body as { status?: string }).status === 'failed')
      throw new Error(`processing failed: ${JSON.stringify(video)}`);
    if (Date.now() > deadline) throw new Error(`not ready within 30 s: ${JSON.stringify(video)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    video = await api(base, 'GET', `/api/v1/videos/${key}`);
  }
  base = next();
  const put = await api(base, 'PUT', `/api/v1/videos/${key}/custom-fields`, { simpleCustomFields: FIELDS });
  if (put.status >= 300) throw new Error(`update: ${JSON.stringify(put)}`);
  base = next();
  const read = await api(base, 'GET', `/api/v1/videos/${key}`);
  const fields = (read.body as { simpleCustomFields?: Record<string, unknown> }).simpleCustomFields ?? {};
  for (const [name, value] of Object.entries(FIELDS)) {
    if (JSON.stringify(fields[name]) !== JSON.stringify(value)) {
      throw new Error(
        `field ${name}: ${JSON.stringify(fields[name])} read back, ${JSON.stringify(value)} written`,
      );
    }
  }
  const url = (read.body as { primaryPlaybackUrl?: { hls?: { url?: string } } }).primaryPlaybackUrl?.hls?.url;
  if (!url?.endsWith('.m3u8')) throw new Error(`playback URL: ${JSON.stringify(read.body)}`);
  const named = new URL(url, base); // fetched from the next instance: any of them serves it
  const playlist = await fetch(new URL(named.pathname + named.search, next()));
  const text = await playlist.text();
  if (!playlist.ok || !text.startsWith('#EXTM3U')) throw new Error(`playlist: ${playlist.status} ${text}`);
  return {
    created,
    upload: { status: upload.status, body: uploaded ? JSON.parse(uploaded) : undefined },
    ready: video,
    put,
    read,
    playlist: {
      status: playlist.status,
      contentType: playlist.headers.get('content-type'),
      rendition: playlist.headers.get('x-mock-rendition'),
    },
  };
}
