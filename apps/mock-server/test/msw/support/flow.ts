/** Plain fetch calls of the document's operations (§4.1–§4.4) under a base URL, for the msw tests. */
export const TOKEN = 'mock-token';
export const AUTH = { authorization: `Bearer ${TOKEN}` };

/** §4.1: creates one video; returns the created record. */
export async function create(base: string, title = 'Opening keynote'): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/v1/videos`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'demo', videos: [{ title }] }),
  });
  if (!res.ok) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  const [video] = (await res.json()) as Record<string, unknown>[];
  return video as Record<string, unknown>;
}

/** §4.2: uploads `bytes` as the form field `file`. */
export function upload(base: string, key: string, bytes: Uint8Array<ArrayBuffer>): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'video/mp4' }), 'clip.mp4');
  return fetch(`${base}/api/upload/v1/form-data/videos/${key}`, {
    method: 'POST',
    headers: AUTH,
    body: form,
  });
}

/** §4.3: the video as get answers it. */
export async function get(base: string, key: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/v1/videos/${key}`, { headers: AUTH });
  if (!res.ok) throw new Error(`get answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** §4.4: writes custom fields. */
export function put(base: string, key: string, fields: Record<string, unknown>): Promise<Response> {
  return fetch(`${base}/api/v1/videos/${key}/custom-fields`, {
    method: 'PUT',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ simpleCustomFields: fields }),
  });
}

/** The HLS address of a video record (§2). */
export const playlistOf = (video: Record<string, unknown>): string =>
  (video.primaryPlaybackUrl as { hls: { url: string } }).hls.url;

/**
 * Fetches an HLS playlist and, through the first address of each playlist (relative to it), the
 * playlists below it down to a media segment, as a player would; returns every address fetched,
 * the segment's last (not fetched). Each playlist must answer 200 with `#EXTM3U`.
 */
export async function followPlaylist(url: string): Promise<string[]> {
  const fetched: string[] = [];
  let next = url;
  while (next.includes('.m3u8')) {
    const res = await fetch(next);
    const text = await res.text();
    if (res.status !== 200 || !text.startsWith('#EXTM3U')) throw new Error(`${next}: ${res.status} ${text}`);
    fetched.push(next);
    const first = text.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
    if (!first) throw new Error(`${next}: a playlist without addresses`);
    next = new URL(first.trim(), next).href;
  }
  return [...fetched, next];
}
