/**
 * Nothing left behind, whoever stops the mock's command: Playwright's SIGKILL to its process group
 * (the next mock removes the folder), a parent that passes no signal on (npx) and is killed (the
 * mock notices and closes), SIGINT and SIGHUP; and --outlive-parent for a mock detached on purpose.
 * Each test's TMPDIR is a folder of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processesMentioning, type ServedProcess, serveProcess, sourceArgs } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { PARENT_POLL_MS } from '../../src/node/process/parent-watch.js';
import { mockFolders, uploadOne, waitFor } from './process-fixtures.js';

const BIN = sourceArgs(fileURLToPath(new URL('../../src/node/bin.ts', import.meta.url)));
/** The package's folder: where `--import tsx` is found. */
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Stands in for npx: runs the command and passes no signal on; "shell" runs it through `sh -c`, as
 * npm does; "piped" reads its output and copies it, so the mock's output has no reader once it is gone.
 */
const STAND_IN = `import { spawn } from 'node:child_process';
const [how, ...command] = process.argv.slice(2);
const quote = (arg) => "'" + arg.replaceAll("'", "'\\\\''") + "'";
const stdio = how === 'piped' ? ['ignore', 'pipe', 'pipe'] : 'inherit';
const child = how === 'shell'
  ? spawn('sh', ['-c', command.map(quote).join(' ')], { stdio })
  : spawn(command[0], command.slice(1), { stdio });
child.stdout?.pipe(process.stdout);
child.stderr?.pipe(process.stderr);
child.on('exit', (code) => process.exit(code ?? 1));
`;

const served: ServedProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const process of served.splice(0)) await process.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A TMPDIR of the test's own, and a token that marks the command lines of what it starts. */
function setting() {
  const temp = mkdtempSync(join(tmpdir(), 'mock-lifecycle-'));
  dirs.push(temp);
  const token = `lifecycle-${Math.random().toString(36).slice(2)}`;
  const mockArgs = [...BIN, '--port', '0', '--log-level', 'silent', '--token', token];
  return { temp, token, mockArgs, running: () => processesMentioning([token]) };
}

/** Starts `args` under node in a process group of its own (as Playwright starts a web server). */
async function start(args: string[], temp: string): Promise<ServedProcess> {
  const process_ = await serveProcess(process.execPath, args, { cwd: PACKAGE_DIR, env: { TMPDIR: temp } });
  served.push(process_);
  return process_;
}

describe('the mock command, stopped as Playwright and npx stop it', () => {
  it('killed with SIGKILL as a process group, leaves its folder, which the next mock removes', async () => {
    const { temp, token, mockArgs: args } = setting();
    // No transcode: one still running when the mock dies is stopped by its watchdog, which also
    // removes the folder (src/node/transcode/watchdog.ts); here the folder must be left to the next mock.
    const mockArgs = [...args, '--transcode', 'off'];
    const first = await start(mockArgs, temp);
    expect(await uploadOne(first.url, token)).toBe(200);
    expect(mockFolders(temp)).toHaveLength(1);
    const killed = new Promise((resolve) => first.child.once('exit', (_code, signal) => resolve(signal)));
    process.kill(-(first.child.pid as number), 'SIGKILL');
    expect(await killed).toBe('SIGKILL');
    expect(mockFolders(temp)).toHaveLength(1);

    const next = await start(mockArgs, temp);
    expect(mockFolders(temp)).toEqual([]);
    expect(await uploadOne(next.url, token)).toBe(200);
    expect(await next.stop()).toBe(0);
    expect(mockFolders(temp)).toEqual([]);
  });

  it.each([
    ['SIGTERM', 'direct'],
    ['SIGTERM', 'shell'],
    ['SIGKILL', 'shell'],
    ['SIGTERM', 'piped'],
  ] as const)(
    'closes and removes its folder when a parent that passes no signal on gets %s (%s child)',
    async (signal, how) => {
      const { temp, token, mockArgs, running } = setting();
      const script = join(temp, 'stand-in.mjs');
      writeFileSync(script, STAND_IN);
      const parent = await start([script, how, process.execPath, ...mockArgs], temp);
      expect(await uploadOne(parent.url, token)).toBe(200);
      expect(mockFolders(temp)).toHaveLength(1);
      process.kill(parent.child.pid as number, signal); // the parent alone, not its group
      await waitFor('the mock exits after its parent', () => running().length === 0);
      expect(mockFolders(temp)).toEqual([]);
      if (how !== 'piped') {
        expect(parent.output()).toMatch(/the process that started it \(\d+\) exited: closing/);
      }
    },
  );

  it('with --outlive-parent keeps serving after its parent is gone, and still closes on SIGTERM', async () => {
    const { temp, token, mockArgs, running } = setting();
    const script = join(temp, 'stand-in.mjs');
    writeFileSync(script, STAND_IN);
    const parent = await start([script, 'direct', process.execPath, ...mockArgs, '--outlive-parent'], temp);
    expect(await uploadOne(parent.url, token)).toBe(200);
    process.kill(parent.child.pid as number, 'SIGTERM');
    await waitFor('the parent exits', () => running().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 2.5 * PARENT_POLL_MS)); // past two looks at the parent
    const res = await fetch(`${parent.url}/openapi.json`);
    expect(res.status).toBe(200);
    const [mock] = running();
    process.kill(Number(mock?.split(' ')[0]), 'SIGTERM');
    await waitFor('the mock exits on SIGTERM', () => running().length === 0);
    expect(mockFolders(temp)).toEqual([]);
  });

  it.each(['SIGINT', 'SIGHUP'] as const)('closes on %s and removes its folder', async (signal) => {
    const { temp, token, mockArgs } = setting();
    const mock = await start(mockArgs, temp);
    expect(await uploadOne(mock.url, token)).toBe(200);
    const exited = new Promise((resolve) => mock.child.once('exit', (code) => resolve(code)));
    mock.child.kill(signal);
    expect(await exited).toBe(0);
    expect(mockFolders(temp)).toEqual([]);
  });
});
