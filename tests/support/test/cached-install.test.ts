/** cachedInstall's cache folder and reuse, and cleanEnv (what npm run from a test must not inherit). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheDir, cachedInstall, cleanEnv } from '../src/index.js';

const folders: string[] = [];

afterEach(() => {
  vi.unstubAllEnvs();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('cachedInstall', () => {
  it('keeps its tools under $XDG_CACHE_HOME/video-api-kit/tools', () => {
    vi.stubEnv('XDG_CACHE_HOME', '/somewhere');
    expect(cacheDir()).toBe(join('/somewhere', 'video-api-kit', 'tools'));
  });

  it('returns a folder installed before without running npm again', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cached-install-'));
    folders.push(home);
    vi.stubEnv('XDG_CACHE_HOME', home);
    const dir = join(cacheDir(), 'tool-1.0.0');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.installed'), 'tool@1.0.0\n');
    vi.stubEnv('PATH', ''); // npm cannot be found: a run of it would reject
    await expect(cachedInstall('tool-1.0.0', ['tool@1.0.0'])).resolves.toBe(dir);
  });
});

describe('cleanEnv', () => {
  it('drops what pnpm, npm, nx and vitest set for their scripts and keeps the rest', () => {
    vi.stubEnv('npm_config_engine_strict', 'true');
    vi.stubEnv('NODE_OPTIONS', '--inspect');
    vi.stubEnv('NX_TASK_TARGET_PROJECT', 'x');
    vi.stubEnv('SOMETHING_ELSE', 'kept');
    const env = cleanEnv();
    expect(Object.keys(env).filter((key) => /^(npm_|NX_|NODE_OPTIONS$|VITEST)/i.test(key))).toEqual([]);
    expect(env.SOMETHING_ELSE).toBe('kept');
  });
});
