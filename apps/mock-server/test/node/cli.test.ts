/**
 * The `video-api-mock` command as a user runs it: a child process on port 0 that prints its URL,
 * serves, and on SIGTERM exits 0 having removed its temporary upload folder; a bad flag is one line
 * on stderr and exit code 2.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { mockFolders, uploadOne } from './process-fixtures.js';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string> = {}) {
  const cli = runCli(args, env);
  children.push(cli.child);
  return { ...cli, exited: cli.closed };
}

describe('video-api-mock', () => {
  it('prints the base URL, token, docs and a curl example, serves, and cleans up on SIGTERM', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'mock-cli-'));
    dirs.push(temp);
    const { child, exited, listening, output } = run(['--port', '0', '--log-level', 'silent'], {
      TMPDIR: temp,
    });
    const url = await listening;
    expect(output().stdout).toContain('token:    mock-token');
    expect(output().stdout).toContain(`docs:     ${url}/docs`);
    expect(output().stdout).toContain(`console:  ${url}/ (the unknowns`);
    expect(output().stdout).toContain(`curl -s -X POST ${url}/api/v1/videos`);
    expect(await uploadOne(url, 'mock-token')).toBe(200);
    expect(mockFolders(temp)).toHaveLength(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(mockFolders(temp)).toEqual([]);
  });

  it('refuses a bad flag with one line and exit code 2', async () => {
    const { exited, output } = run(['--reading', 'readiness-field=maybe']);
    expect(await exited).toBe(2);
    const lines = output().stderr.trim().split('\n');
    expect(lines).toEqual([
      'video-api-mock: --reading: unknown reading "maybe" for readiness-field (accepted: status-string, ready-flag, playback-only)',
    ]);
  });

  it.each([
    [['--processing-ms', '-5'], 'video-api-mock: --processing-ms: "-5" is not accepted (an integer >= 0)'],
    [
      ['--streaming-base', 'cdn'],
      'video-api-mock: --streaming-base: "cdn" is not accepted (an absolute http(s) URL)',
    ],
    [
      ['--token', 'a b'],
      'video-api-mock: --token: "a b" is not accepted (token68 characters: letters, digits, -._~+/)',
    ],
    [
      ['--allowed-host', 'http://evil.example'],
      'video-api-mock: --allowed-host: "http://evil.example" is not accepted (a host name (api.example.test), .domain for it and its subdomains (.example.test), an IP address, or * for any; no scheme, port or path)',
    ],
    [
      ['--cors-origin', 'localhost:5173'],
      'video-api-mock: --cors-origin: "localhost:5173" is not accepted (an origin: scheme://host[:port] without a path, e.g. http://localhost:5173; or * for any)',
    ],
  ])('names the flag, not the option, for %j', async (args, line) => {
    const { exited, output } = run([...args, '--port', '0']);
    expect(await exited).toBe(2);
    expect(output().stderr.trim().split('\n')).toEqual([line]);
  });

  it('refuses a --data-dir that is a file, or one another mock has open, with exit code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
    dirs.push(dir);
    const file = join(dir, 'file');
    writeFileSync(file, 'x');
    const onFile = run(['--data-dir', file, '--port', '0']);
    expect(await onFile.exited).toBe(2);
    expect(onFile.output().stderr.trim()).toBe(
      `video-api-mock: --data-dir: "${file}" is not accepted (a folder, or a path where one can be made)`,
    );
    const first = run(['--data-dir', dir, '--port', '0', '--log-level', 'silent']);
    await first.listening;
    const second = run(['--data-dir', dir, '--port', '0']);
    expect(await second.exited).toBe(2);
    expect(second.output().stderr.trim()).toBe(
      `video-api-mock: --data-dir: "${dir}" is in use by process ${first.child.pid} (one mock per data dir: stop that one first, or choose another)`,
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('bound to 0.0.0.0 without --admin-token, prints one warning at its default log level', async () => {
    const { listening, output } = run(['--port', '0', '--host', '0.0.0.0']);
    await listening;
    // stderr is another pipe than the start-up text's: it may arrive a moment later.
    await vi.waitFor(() => expect(output().stderr).toContain('"level":"warn"'));
    const warnings = output()
      .stderr.trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toContain('--admin-token T');
  });

  it('says a busy port is busy, with exit code 1', async () => {
    const first = run(['--port', '0', '--log-level', 'silent']);
    const port = new URL(await first.listening).port;
    const second = run(['--port', port]);
    expect(await second.exited).toBe(1);
    expect(second.output().stderr.trim()).toBe(
      `video-api-mock: --port: 127.0.0.1:${port} is already in use (choose another port, or 0 for a free one)`,
    );
  });
});
