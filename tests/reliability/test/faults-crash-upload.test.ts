import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileForm, JSON_AUTH, paths, TOKEN } from '../src/support/http.js';
import { type MockProcess, startMockProcess } from '../src/support/mock-process.js';
import { sha256, storedSources } from '../src/support/stored-sources.js';

// A --data-dir mock killed with SIGKILL at each point of a re-upload (the crash hook of the mock's
// Node adapter, src/node/process/crash-point.ts) restarts with a record whose bytes are those of the upload
// it names: the acknowledged first upload, or the second once its record was committed; never the
// second upload's bytes under the first's record, and no file no record points at.
const CRASH_ENV = 'VIDEO_API_MOCK_CRASH_AT';
/**
 * The mock's crash points (src/node/process/crash-point.ts), and whether the second upload's record is
 * committed there. The file points pass on each upload (the second passage is the re-upload's);
 * the release points only where a previous file is replaced (the first passage is the re-upload's).
 */
const POINTS = {
  'part-opened': false,
  'part-synced': false,
  renamed: false,
  'before-release': true,
  'after-release': true,
} as const;

const roots: string[] = [];
const processes: MockProcess[] = [];
afterAll(async () => {
  for (const mock of processes) await mock.kill();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Starts a mock on `dataDir` that SIGKILLs itself at the `nth` passage of `point`. */
async function startCrashing(dataDir: string, point: string, nth: number): Promise<MockProcess> {
  process.env[CRASH_ENV] = `${point}:${nth}`;
  try {
    const mock = await startMockProcess(['--data-dir', dataDir]);
    processes.push(mock);
    return mock;
  } finally {
    delete process.env[CRASH_ENV];
  }
}

async function upload(base: string, key: string, content: string, name: string): Promise<number | 'gone'> {
  try {
    const response = await fetch(`${base}${paths.upload(key)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: fileForm(content, name),
    });
    await response.text();
    return response.status;
  } catch {
    return 'gone';
  }
}

describe('a --data-dir mock killed with SIGKILL during a re-upload', () => {
  it.each(Object.entries(POINTS))(
    'at %s keeps a record whose bytes are its own upload',
    async (point, committed) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'reliability-crash-upload-'));
      roots.push(dataDir);
      const first = await startCrashing(dataDir, point, committed ? 1 : 2);
      const created = await fetch(`${first.url}${paths.create}`, {
        method: 'POST',
        headers: JSON_AUTH,
        body: JSON.stringify({ projectKey: 'crash', videos: [{ title: point }] }),
      });
      const [video] = (await created.json()) as { key: string }[];
      const key = video?.key ?? '';
      const uploads = { 'a.mp4': 'acknowledged '.repeat(3000), 'b.mp4': 'in flight '.repeat(9000) };
      expect(await upload(first.url, key, uploads['a.mp4'], 'a.mp4')).toBe(200);
      expect(await upload(first.url, key, uploads['b.mp4'], 'b.mp4')).toBe('gone');
      expect(await first.exited).toBe('SIGKILL');

      const second = await startMockProcess(['--data-dir', dataDir]);
      processes.push(second);
      await second.stop();
      const [stored] = storedSources(dataDir);
      const allowed = committed ? ['a.mp4', 'b.mp4'] : ['a.mp4'];
      expect(allowed).toContain(stored?.filename);
      const name = (stored?.filename ?? 'a.mp4') as keyof typeof uploads;
      expect(stored?.sha256).toBe(sha256(uploads[name]));
      expect(stored?.size).toBe(uploads[name].length);
      // Nothing else is left: no file no record points at, no partial file.
      expect(readdirSync(join(dataDir, 'uploads')).map((file) => join(dataDir, 'uploads', file))).toEqual([
        stored?.file,
      ]);
      expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
    },
    60_000,
  );
});

describe('the next start after a kill -9 of a --data-dir mock', () => {
  it('removes the .part files, a transcode temporary output and files no record points at', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reliability-leftovers-'));
    roots.push(dataDir);
    const first = await startMockProcess(['--data-dir', dataDir]);
    processes.push(first);
    const created = await fetch(`${first.url}${paths.create}`, {
      method: 'POST',
      headers: JSON_AUTH,
      body: JSON.stringify({ projectKey: 'left', videos: [{ title: 'kept' }] }),
    });
    const [video] = (await created.json()) as { key: string }[];
    expect(await upload(first.url, video?.key ?? '', 'kept bytes', 'kept.mp4')).toBe(200);
    await first.kill();
    // What a crash leaves: a file being received, a transcode in progress, a file put in place
    // whose record was never committed.
    writeFileSync(join(dataDir, 'tmp', '0b7e.part'), 'half an upload');
    mkdirSync(join(dataDir, 'tmp', '5d1c.hls', '720p'), { recursive: true });
    writeFileSync(join(dataDir, 'tmp', '5d1c.hls', '720p', 'segment0.ts'), 'half a rendition');
    const orphan = join(
      dataDir,
      'uploads',
      `${sha256(video?.key ?? '')}.00000000-0000-4000-8000-000000000000`,
    );
    writeFileSync(orphan, 'never acknowledged');

    const second = await startMockProcess(['--data-dir', dataDir]);
    processes.push(second);
    await second.stop();
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
    const [stored] = storedSources(dataDir);
    expect(stored?.sha256).toBe(sha256('kept bytes'));
    expect(readdirSync(join(dataDir, 'uploads')).map((file) => join(dataDir, 'uploads', file))).toEqual([
      stored?.file,
    ]);
  }, 60_000);
});
