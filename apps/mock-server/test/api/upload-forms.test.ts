/**
 * Multipart forms the upload (§4.2) must judge rightly: a UTF-8 filename, a second file, a file
 * after too many parts, and a server that cannot move the file into place.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PARTS } from '../../src/http/multipart.js';
import { createApp } from '../../src/node/index.js';
import type { MockApp } from '../../src/types.js';

const AUTH = { authorization: 'Bearer mock-token' };
const BOUNDARY = 'form-boundary-7d1';
const apps: MockApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});

type Part = { name: string; filename?: string; content: string };

/** A multipart body written by hand, so the test controls every byte of it. */
function form(parts: Part[]): Uint8Array<ArrayBuffer> {
  const chunks = parts.map(({ name, filename, content }) => {
    const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
    const type = filename === undefined ? '' : 'Content-Type: video/mp4\r\n';
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${content}\r\n`;
  });
  return new TextEncoder().encode(`${chunks.join('')}--${BOUNDARY}--\r\n`);
}

async function upload(parts: Part[], reading = 'upload-response-body=upload-receipt') {
  const app = createApp({ realTimeClock: false });
  apps.push(app);
  const [key] = await app.mock.seed([{ title: 'clip' }]);
  const res = await app.request(`/api/upload/v1/form-data/videos/${key}`, {
    method: 'POST',
    headers: {
      ...AUTH,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-mock-reading': reading,
    },
    body: form(parts),
  });
  const video = await app.request(`/api/v1/videos/${key}`, {
    headers: { ...AUTH, 'x-mock-reading': 'video-states=detailed' },
  });
  return { app, res, state: ((await video.json()) as { status: string }).status };
}

describe('upload forms', () => {
  it('keeps a UTF-8 filename as sent', async () => {
    const { res } = await upload([{ name: 'file', filename: 'naïve – 東京.mp4', content: 'bytes' }]);
    expect(res.status).toBe(200);
    expect((await res.json()).filename).toBe('naïve – 東京.mp4');
  });

  it('refuses a second file in the field "file", keeps neither, and leaves the video as it was', async () => {
    const { app, res, state } = await upload([
      { name: 'file', filename: 'a.mp4', content: 'first' },
      { name: 'file', filename: 'b.mp4', content: 'second' },
    ]);
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe(
      'The form has more than one file in the field "file"; one request uploads one file (§4.2).',
    );
    expect(res.headers.get('connection')).toBe('close');
    expect(state).toBe('created');
    expect(readdirSync(app.mock.paths().temp)).toEqual([]);
  });

  it('still takes the file after other fields', async () => {
    const { res, state } = await upload([
      { name: 'title', content: 'ignored' },
      { name: 'file', filename: 'a.mp4', content: 'bytes' },
    ]);
    expect(res.status).toBe(200);
    expect(state).toBe('uploaded');
  });

  it('names the part limit when the file comes after it', async () => {
    const fields = Array.from({ length: MAX_PARTS }, (_, i) => ({ name: `f${i}`, content: '' }));
    const { res, state } = await upload([...fields, { name: 'file', filename: 'a.mp4', content: 'bytes' }]);
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain(`more than ${MAX_PARTS} parts`);
    expect(state).toBe('created');
  });

  it('makes the uploads folder again when it vanished under the server, and stores the file', async () => {
    const app = createApp({ realTimeClock: false });
    apps.push(app);
    const [key = ''] = await app.mock.seed([{ title: 'clip' }]);
    // A temp cleaner (or a hand) removes the folder under a running mock.
    rmSync(app.mock.paths().uploads, { recursive: true, force: true });
    const res = await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: form([{ name: 'file', filename: 'a.mp4', content: 'bytes' }]),
    });
    expect(res.status).toBe(200);
    expect(readFileSync((await app.mock.sourceOf(key))?.file ?? '', 'utf8')).toBe('bytes');
  });

  it('puts the video back when the file cannot be put in place, and answers a 500 that blames the server', async () => {
    const app = createApp({ realTimeClock: false });
    apps.push(app);
    const [key] = await app.mock.seed([{ title: 'clip' }]);
    // A file where the uploads folder was: the rename fails (ENOTDIR), whatever the request.
    const uploads = app.mock.paths().uploads;
    rmSync(uploads, { recursive: true, force: true });
    writeFileSync(uploads, 'not a folder');
    const res = await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: form([{ name: 'file', filename: 'a.mp4', content: 'bytes' }]),
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toMatch(/could not write the mock's uploads/);
    expect(text).not.toMatch(/rename|\/tmp|at /);
    const video = await app.request(`/api/v1/videos/${key}`, {
      headers: { ...AUTH, 'x-mock-reading': 'video-states=detailed' },
    });
    expect((await video.json()).status).toBe('created');
    expect(readdirSync(app.mock.paths().temp)).toEqual([]);
  });
});
