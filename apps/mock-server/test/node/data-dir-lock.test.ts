/** One mock per data dir: a second one is refused before it can touch the first one's files. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import { LOCK_FILE } from '../../src/node/process/data-dir-lock.js';
import { currentProcess, formatIdentity, readIdentity } from '../../src/node/process/process-identity.js';
import { startServer } from '../../src/node/server/server.js';
import { OptionError } from '../../src/options.js';
import { deadPid } from './process-fixtures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-lock-'));
  dirs.push(dir);
  return dir;
}

describe('the data dir lock', () => {
  it('refuses a second app on the same data dir and names who holds it', async () => {
    const dir = dataDir();
    const first = createApp({ dataDir: dir });
    try {
      expect(() => createApp({ dataDir: dir })).toThrowError(OptionError);
      expect(() => createApp({ dataDir: dir })).toThrowError(/in use by a mock in this process/);
      expect(readIdentity(join(dir, LOCK_FILE))).toEqual(currentProcess());
    } finally {
      await first.mock.close();
    }
    const again = createApp({ dataDir: dir });
    await again.mock.close();
  });

  it('leaves the first one untouched: its upload in progress still lands', async () => {
    const dir = dataDir();
    const server = await startServer({ port: 0, dataDir: dir, realTimeClock: false });
    try {
      const [key] = await server.app.mock.seed([{ title: 'busy' }]);
      expect(() => createApp({ dataDir: dir })).toThrowError(/in use/);
      const form = new FormData();
      form.set('file', new Blob(['still here']), 'clip.mp4');
      const res = await fetch(`${server.url}/api/upload/v1/form-data/videos/${key}`, {
        method: 'POST',
        headers: { authorization: 'Bearer mock-token' },
        body: form,
      });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a data dir held by another running process, naming its id', () => {
    const dir = dataDir();
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(() => createApp({ dataDir: dir })).toThrowError(`in use by process ${process.ppid}`);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.ppid));
  });

  it.each([
    ['a process that is gone (an earlier version: its pid alone)', () => `${deadPid()}\n`],
    ['a process that is gone', () => formatIdentity({ ...currentProcess(), pid: deadPid() })],
    [
      'a process whose pid another process has since taken',
      () => formatIdentity({ ...currentProcess(), pid: process.ppid, start: 1 }),
    ],
    [
      'a crashed container that came back under another host name',
      () => formatIdentity({ pid: deadPid(), start: 1, host: 'an-earlier-container' }),
    ],
    ['no process id', () => 'garbage'],
  ])('takes over a lock left by %s', async (_case, content) => {
    const dir = dataDir();
    writeFileSync(join(dir, LOCK_FILE), content());
    const app = createApp({ dataDir: dir });
    expect(readIdentity(join(dir, LOCK_FILE))).toEqual(currentProcess());
    await app.mock.close();
  });

  it('removes its lock file on close', async () => {
    const dir = dataDir();
    const app = createApp({ dataDir: dir });
    await app.mock.close();
    expect(() => readFileSync(join(dir, LOCK_FILE))).toThrowError(/ENOENT/);
  });

  it('refuses a data dir that is a file, saying what is accepted', () => {
    const file = join(dataDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    expect(() => createApp({ dataDir: file })).toThrowError(
      `dataDir: "${file}" is not accepted (a folder, or a path where one can be made)`,
    );
  });
});

describe('the virtual clock with a data dir', () => {
  it('keeps its offset across a restart, so scheduled processing is not pushed back', async () => {
    const dir = dataDir();
    const first = createApp({ dataDir: dir, processingMs: 1000 });
    await first.mock.advanceClock(86_400_000);
    const [key] = await first.mock.seed([{ title: 'clip' }]);
    const form = new FormData();
    form.set('file', new Blob(['bytes']), 'clip.mp4');
    const upload = await first.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token' },
      body: form,
    });
    expect(upload.status).toBe(200);
    await first.mock.close();

    const second = createApp({ dataDir: dir, processingMs: 1000 });
    try {
      await second.mock.advanceClock(1000);
      const res = await second.request(`/api/v1/videos/${key}`, {
        headers: { authorization: 'Bearer mock-token' },
      });
      expect((await res.json()).status).toBe('ready');
    } finally {
      await second.mock.close();
    }
  });
});
