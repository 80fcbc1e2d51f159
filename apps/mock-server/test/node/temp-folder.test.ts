/**
 * The mock's temporary folders: each names its owner; a mock that starts removes those of owners
 * that are gone, and nothing else; a folder removed under a running mock is made again.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sourceArgs } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { currentProcess, formatIdentity, readIdentity } from '../../src/node/process/process-identity.js';
import {
  createTempFolder,
  OWNER_FILE,
  reclaimLeftovers,
  TEMP_PREFIX,
} from '../../src/node/uploads/temp-folder.js';
import { createUploadFolders } from '../../src/node/uploads/upload-folders.js';
import { deadPid, mockFolders } from './process-fixtures.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of this test standing in for the OS temp dir. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-temp-folder-'));
  dirs.push(dir);
  return dir;
}

/** A folder named like the mock's, with `owner` as its owner file (none when undefined) and an upload in it. */
function folder(parent: string, name: string, owner: string | undefined): string {
  const dir = join(parent, name);
  mkdirSync(join(dir, 'uploads'), { recursive: true });
  writeFileSync(join(dir, 'uploads', 'a-file'), 'bytes');
  if (owner !== undefined) writeFileSync(join(dir, OWNER_FILE), owner);
  return dir;
}

const deadOwner = () => formatIdentity({ ...currentProcess(), pid: deadPid() });

describe('a temporary folder', () => {
  it('is made with an owner file naming this process', () => {
    const root = createTempFolder(tempDir());
    expect(root).toContain(TEMP_PREFIX);
    expect(readIdentity(join(root, OWNER_FILE))).toEqual(currentProcess());
  });
});

describe('reclaiming leftovers', () => {
  it('removes the folders of owners that are gone, whole, and nothing else', () => {
    const parent = tempDir();
    const dead = folder(parent, `${TEMP_PREFIX}dead`, deadOwner());
    const reused = folder(parent, `${TEMP_PREFIX}reused`, formatIdentity({ ...currentProcess(), start: 1 }));
    const live = createTempFolder(parent);
    const kept = {
      starting: folder(parent, `${TEMP_PREFIX}starting`, undefined), // its owner file not written yet
      malformed: folder(parent, `${TEMP_PREFIX}malformed`, '{"pid":'),
      elsewhere: folder(
        parent,
        `${TEMP_PREFIX}elsewhere`,
        formatIdentity({ pid: deadPid(), host: 'another' }),
      ),
      notOurs: folder(parent, 'someone-else-dead', deadOwner()),
    };
    const target = folder(parent, 'a-target', deadOwner());
    symlinkSync(target, join(parent, `${TEMP_PREFIX}link`));
    writeFileSync(join(parent, `${TEMP_PREFIX}file`), deadOwner());

    expect(reclaimLeftovers(parent).sort()).toEqual([dead, reused].sort());
    expect(mockFolders(parent).sort()).toEqual(
      [live, kept.starting, kept.malformed, kept.elsewhere]
        .map((dir) => dir.slice(parent.length + 1))
        .concat([`${TEMP_PREFIX}file`, `${TEMP_PREFIX}link`])
        .sort(),
    );
    expect(readIdentity(join(live, OWNER_FILE))).toEqual(currentProcess());
    for (const dir of [...Object.values(kept), target])
      expect(existsSync(join(dir, 'uploads', 'a-file'))).toBe(true);
  });

  it('removes what a reclaim interrupted part way left (renamed, its owner file still there)', () => {
    const parent = tempDir();
    const half = join(parent, `${TEMP_PREFIX}reclaimed-1234`);
    mkdirSync(half);
    writeFileSync(join(half, OWNER_FILE), deadOwner());
    expect(reclaimLeftovers(parent)).toEqual([half]);
    expect(mockFolders(parent)).toEqual([]);
  });

  it('is safe when two mocks do it at once: every dead folder goes, once, and the live one stays', async () => {
    const parent = tempDir();
    const owner = deadOwner();
    const dead = Array.from({ length: 200 }, (_, i) => folder(parent, `${TEMP_PREFIX}dead-${i}`, owner));
    const live = createTempFolder(parent);
    const script = join(parent, 'reclaim.mjs');
    const module = fileURLToPath(new URL('../../src/node/uploads/temp-folder.ts', import.meta.url));
    writeFileSync(
      script,
      `const { reclaimLeftovers } = await import(${JSON.stringify(module)});\nprocess.stdout.write(JSON.stringify(reclaimLeftovers(${JSON.stringify(parent)})));\n`,
    );
    const run = () => promisify(execFile)(process.execPath, sourceArgs(script));
    const results = await Promise.all([run(), run()]);
    const removed = results.flatMap(({ stdout }) => JSON.parse(stdout) as string[]);
    expect(removed.sort()).toEqual(dead.sort());
    expect(mockFolders(parent)).toEqual([live.slice(parent.length + 1)]);
  });
});

describe('the upload folders without a data dir', () => {
  it('make their temporary folder again when a temp cleaner removed it under the running mock', () => {
    const folders = createUploadFolders(undefined);
    try {
      const { root } = folders;
      rmSync(root, { recursive: true, force: true });
      expect(existsSync(folders.temp)).toBe(true);
      expect(existsSync(folders.uploads)).toBe(true);
      expect(readIdentity(join(root, OWNER_FILE))).toEqual(currentProcess());
    } finally {
      folders.dispose();
    }
    expect(existsSync(folders.root)).toBe(false);
  });
});
