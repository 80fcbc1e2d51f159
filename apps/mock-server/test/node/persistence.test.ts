/** With a data dir, state and uploads survive a restart (§ persistence). */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/node/server/server.js';
import { DATABASE_FILE } from '../../src/node/sqlite/sqlite-store.js';

const AUTH = { authorization: 'Bearer mock-token' };
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('--data-dir', () => {
  it('keeps videos, custom fields, uploads and definitions across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mock-persist-'));
    dirs.push(dataDir);
    const first = await startServer({ port: 0, dataDir, realTimeClock: false });
    const created = await fetch(`${first.url}/api/v1/videos`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'kept', tags: ['t'] }] }),
    });
    const [video] = (await created.json()) as { key: string }[];
    const key = video?.key ?? '';
    const form = new FormData();
    form.set('file', new Blob(['persisted bytes']), 'clip.mp4');
    await fetch(`${first.url}/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: AUTH,
      body: form,
    });
    await fetch(`${first.url}/api/v1/videos/${key}/custom-fields`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ simpleCustomFields: { note: 'stays', views: 3 } }),
    });
    await first.app.mock.setDefinitions([{ name: 'note' }]);
    await first.close();
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true);

    const second = await startServer({ port: 0, dataDir, realTimeClock: false });
    try {
      const res = await fetch(`${second.url}/api/v1/videos/${key}`, { headers: AUTH });
      expect(await res.json()).toMatchObject({
        videoKey: key,
        title: 'kept',
        simpleCustomFields: { note: 'stays', views: 3 },
      });
      const source = await second.app.mock.sourceOf(key);
      expect(readFileSync(source?.file ?? '', 'utf8')).toBe('persisted bytes');
      expect(await second.app.mock.getDefinitions()).toEqual([{ name: 'note' }]);
      const next = await fetch(`${second.url}/api/v1/videos`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'new' }] }),
      });
      const [fresh] = (await next.json()) as { key: string }[];
      expect(fresh?.key).not.toBe(key);
    } finally {
      await second.close();
    }
    expect(existsSync(dataDir)).toBe(true);
  });
});
