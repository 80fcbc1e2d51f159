/** The initdb-made template data folder that own clusters are copied from: made once, into the tools cache, whole or not at all. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheDir } from '../src/index.js';
import { findPostgresBinDir } from '../src/postgres-binaries.js';
import { clusterTemplate } from '../src/postgres-template.js';

const folders: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('clusterTemplate', () => {
  it('makes the data folder once, in the tools cache, for the server’s major version', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pg-template-'));
    folders.push(home);
    vi.stubEnv('XDG_CACHE_HOME', home);
    const bin = findPostgresBinDir() as string;
    const [first, second] = await Promise.all([clusterTemplate(bin), clusterTemplate(bin)]);
    const version = readFileSync(join(first, 'PG_VERSION'), 'utf8').trim();
    expect(first).toBe(join(cacheDir(), `postgres-${version}-data`));
    expect(second).toBe(first);
    expect(statSync(first).mode & 0o777).toBe(0o700); // the server refuses a folder others can read
    if (process.getuid?.() === 0) expect(statSync(first).uid).not.toBe(0);
    expect(readdirSync(cacheDir())).toEqual([`postgres-${version}-data`]); // no staging copy left
    expect(existsSync(join(first, 'postmaster.pid'))).toBe(false);
  }, 60_000);
});
