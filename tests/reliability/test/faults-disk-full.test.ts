import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorDetail } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { fileForm, JSON_AUTH, paths, TOKEN } from '../src/support/http.js';
import { type MockProcess, startMockProcess } from '../src/support/mock-process.js';

// A mock whose uploads live on a full filesystem (a 20 MiB tmpfs as --data-dir, or as TMPDIR of a
// mock without one) answers an upload that does not fit 507 naming the space, logs it at error
// with the path, leaves no partial file, and stores the next upload once space is free. Mounting
// needs root (CI runs as root); elsewhere this file is skipped and says why.
const root = process.getuid?.() === 0;
if (!root) console.log('faults-disk-full: skipped, mounting a tmpfs needs root (CI runs as root)');

/** Runs `use` with a 20 MiB tmpfs mounted on a new folder, unmounted and removed afterwards. */
async function withTmpfs(use: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'reliability-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=20m', 'tmpfs', dir]);
  try {
    await use(dir);
  } finally {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a mock with `args` and `TMPDIR`, logging at error into `lines`. */
async function start(args: string[], tmp: string | undefined): Promise<MockProcess & { log: () => string }> {
  const saved = process.env.TMPDIR;
  if (tmp !== undefined) process.env.TMPDIR = tmp;
  try {
    const mock = await startMockProcess(args);
    let log = '';
    mock.child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    return Object.assign(mock, { log: () => log });
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

async function upload(base: string, key: string, bytes: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${paths.upload(key)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}` },
    body: fileForm(new Uint8Array(bytes).fill(7)),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** `.part` files anywhere under `dir`. */
function partFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.part'));
}

describe.runIf(root)('a mock whose uploads live on a full filesystem', () => {
  it.each([
    ['--data-dir', (dir: string) => ({ args: ['--data-dir', join(dir, 'data')], tmp: undefined })],
    ['TMPDIR', (dir: string) => ({ args: [], tmp: dir })],
  ])(
    'as %s: 507 naming the space, no partial file, then the next upload is stored',
    async (_as, setup) => {
      await withTmpfs(async (dir) => {
        const { args, tmp } = setup(dir);
        const mock = await start(args, tmp);
        try {
          const created = await fetch(`${mock.url}${paths.create}`, {
            method: 'POST',
            headers: JSON_AUTH,
            body: JSON.stringify({ projectKey: 'full', videos: [{ title: 'big' }] }),
          });
          const [video] = (await created.json()) as { key: string }[];
          const key = video?.key ?? '';
          // Something else fills most of the disk; the upload does not fit in what is left.
          mkdirSync(join(dir, 'other'), { recursive: true });
          writeFileSync(join(dir, 'other', 'filler'), new Uint8Array(12 * 1024 * 1024));
          const full = await upload(mock.url, key, 16 * 1024 * 1024);
          expect(full.status).toBe(507);
          expect(errorDetail(full.body)).toMatch(
            /no space left on the device that holds the mock's uploads/i,
          );
          await expect
            .poll(() => mock.log(), { timeout: 2000 })
            .toMatch(/"level":"error".*"code":"ENOSPC".*"path":/);
          expect(partFiles(dir)).toEqual([]);
          // Space freed: the same upload is stored.
          rmSync(join(dir, 'other'), { recursive: true, force: true });
          expect((await upload(mock.url, key, 16 * 1024 * 1024)).status).toBe(200);
          expect(partFiles(dir)).toEqual([]);
        } finally {
          await mock.stop();
        }
      });
    },
    60_000,
  );
});
