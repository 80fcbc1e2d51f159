/** The watchdog that stops a throwaway cluster or an nginx when the test process ends without doing it (vitest ends workers with a signal). */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processesMentioning, sourceArgs } from '../src/index.js';
import { shellQuote, watchdogScript } from '../src/postgres-nginx-watchdog.js';
import { queryOnce } from '../src/postgres-query.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((done) => setTimeout(done, 100));
  }
  return true;
};

/** Runs `body` (TypeScript, with `src` bound to the helpers' index) in a child that prints READY then waits to be killed. */
const childRunning = (body: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'watchdog-'));
  folders.push(dir);
  const entry = join(dir, 'child.mts');
  const src = resolve(import.meta.dirname, '../src/index.ts');
  writeFileSync(
    entry,
    `import * as src from ${JSON.stringify(src)};\n${body}\nconsole.log('READY');\nsetInterval(() => {}, 1000);\n`,
  );
  const child = spawn(process.execPath, sourceArgs(entry), {
    cwd: resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('READY')) done(out);
    });
    child.once('exit', (code) => fail(new Error(`child exited ${code}: ${out}`)));
  });
  return { child, ready };
};

describe('watchdog', () => {
  it('polls the pid, then runs the cleanup', () => {
    expect(watchdogScript(42, `rm -rf ${shellQuote("/tmp/it's")}`)).toBe(
      `while kill -0 42 2>/dev/null; do sleep 1; done; rm -rf '/tmp/it'\\''s'`,
    );
  });

  it('stops a cluster whose process was killed with SIGKILL, and removes its folder', async () => {
    const { child, ready } = childRunning(
      'const c = await src.startOwnCluster();\nconsole.log(JSON.stringify({ url: c.url, dir: c.dir }));',
    );
    const printed = await ready;
    const { url, dir } = JSON.parse(printed.split('\n')[0] as string) as { url: string; dir: string };
    expect(await queryOnce(url, 'select 1 as one')).toEqual([{ one: 1 }]);
    child.kill('SIGKILL');
    expect(await until(() => !existsSync(dir), 15_000)).toBe(true);
    expect(processesMentioning([dir])).toEqual([]);
    await expect(queryOnce(url, 'select 1', { timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  }, 60_000);

  it('stops an nginx whose process was killed with SIGKILL', async () => {
    const { child, ready } = childRunning(
      "const lb = await src.startNginx({ upstreams: ['127.0.0.1:9'] });\nconsole.log(JSON.stringify({ prefix: lb.prefix }));",
    );
    const { prefix } = JSON.parse((await ready).split('\n')[0] as string) as { prefix: string };
    expect(processesMentioning([prefix])).not.toEqual([]);
    child.kill('SIGKILL');
    expect(await until(() => processesMentioning([prefix]).length === 0 && !existsSync(prefix), 15_000)).toBe(
      true,
    );
  }, 60_000);
});
