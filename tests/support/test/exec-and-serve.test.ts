/** exec runs a command to its end; serveProcess runs a server in a process group and stops all of it. */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { exec, serveProcess } from '../src/index.js';

const cwd = tmpdir();
const node = process.execPath;

describe('exec', () => {
  it('returns the output of a command that succeeds', async () => {
    const result = await exec(node, ['-e', 'console.log("hi"); console.error("there")'], { cwd });
    expect(result).toEqual({ code: 0, stdout: 'hi\n', stderr: 'there\n' });
  });

  it('throws with the command, its exit code and the tail of its output when it fails', async () => {
    await expect(exec(node, ['-e', 'console.log("why"); process.exit(3)'], { cwd })).rejects.toThrow(
      /-e console\.log\("why"\); process\.exit\(3\) \(in .*\) exited 3\nwhy/,
    );
  });

  it('resolves with the exit code when failure is allowed, and kills a command past its time', async () => {
    expect((await exec(node, ['-e', 'process.exit(4)'], { cwd, allowFailure: true })).code).toBe(4);
    const slow = await exec(node, ['-e', 'setTimeout(() => {}, 60000)'], {
      cwd,
      allowFailure: true,
      timeoutMs: 200,
    });
    expect(slow.code).toBeNull();
  });
});

/** A server that also starts a child of its own (as npx does), then says where it listens. */
const SERVER = `
  const { spawn } = require('node:child_process');
  spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const server = require('node:http').createServer((req, res) => res.end('ok'));
  server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

describe('serveProcess', () => {
  it('resolves with the URL it prints, and stop ends its whole process group', async () => {
    const served = await serveProcess(node, ['-e', SERVER], { cwd });
    expect(await (await fetch(served.url)).text()).toBe('ok');
    expect(served.alive()).toBe(true);
    await served.stop();
    // A killed child is gone once init has reaped it: a moment after the group's SIGKILL.
    await expect
      .poll(() => served.alive(), { timeout: 2000, message: 'a process of the group outlived stop()' })
      .toBe(false);
  });

  it('rejects with what it printed when the command exits before listening', async () => {
    await expect(
      serveProcess(node, ['-e', 'console.log("no port"); process.exit(1)'], { cwd }),
    ).rejects.toThrow(/exited 1 before listening:\nno port/);
  });

  it('rejects, and stops the command, when no URL comes in time', async () => {
    await expect(
      serveProcess(node, ['-e', 'setTimeout(() => {}, 60000)'], { cwd, timeoutMs: 300 }),
    ).rejects.toThrow('printed no URL within 300 ms');
  });

  it('reads the URL with a pattern of the caller', async () => {
    const script = SERVER.replace("'listening on ", "'Ready at ");
    const served = await serveProcess(node, ['-e', script], { cwd, ready: /Ready at (http:\/\/\S+)/ });
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await served.stop();
  });
});
