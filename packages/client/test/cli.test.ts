import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createApp } from '@video-api/mock-server/node';
import { type ServedMock, serveMock, sourceArgs } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAssignments, parseCli } from '../src/cli/args.js';
import { runCli } from './support/run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'client-cli-'));
const clip = join(folder, 'clip.mp4');
writeFileSync(clip, new Uint8Array(200_000).fill(7));
const bin = sourceArgs(fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url)));

let app: ReturnType<typeof createApp>;
let served: ServedMock<typeof app>;
beforeAll(async () => {
  served = await serveMock(() => createApp({ realTimeClock: true, processingMs: 20 }));
  app = served.app;
});
afterAll(async () => {
  await served.close();
  rmSync(folder, { recursive: true, force: true });
});

const cli = (args: string[], options: { tty?: boolean; env?: Record<string, string> } = {}) =>
  runCli(args, {
    env: { VIDEO_API_BASE_URL: served.url, VIDEO_API_TOKEN: 'mock-token', ...options.env },
    version: '0.1.0',
    tty: options.tty,
  });

describe('parseCli', () => {
  const env = { VIDEO_API_BASE_URL: 'http://x.example' };
  it.each([
    [[], 'no command given'],
    [['launch'], 'unknown command "launch"'],
    [['fields', 'drop', 'k'], 'unknown command "fields drop"'],
    [['upload', 'a.mp4'], 'upload needs --project KEY'],
    [['upload', '--project', 'p'], 'upload needs at least one file'],
    [['get'], 'get needs a video KEY'],
    [['get', 'a', 'b'], 'get takes one KEY, got 2'],
    [['fields', 'set', 'k'], 'fields set needs KEY and at least one name=value'],
    [
      ['upload', 'a', '--project', 'p', '--concurrency', '0'],
      '--concurrency must be a positive integer, got "0"',
    ],
    [['get', 'k', '--colour'], "Unknown option '--colour'"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCli(argv, env)).toThrow(message);
  });

  it('takes base URL and token from flags over the environment', () => {
    const cli = parseCli(['get', 'k', '--base-url', 'http://flag.example', '--token', 'f'], {
      ...env,
      VIDEO_API_TOKEN: 'e',
    });
    expect([cli.baseUrl, cli.token]).toEqual(['http://flag.example', 'f']);
  });

  it('asks for a base URL when there is none', () => {
    expect(() => parseCli(['get', 'k'], {})).toThrow(
      'no base URL: pass --base-url URL or set VIDEO_API_BASE_URL',
    );
  });
});

describe('parseAssignments', () => {
  it.each([
    [['note=hello world'], { note: 'hello world' }],
    [['views:=42', 'featured:=true'], { views: 42, featured: true }],
    [['topics:=["a","b"]'], { topics: ['a', 'b'] }],
    [['eq=a=b'], { eq: 'a=b' }],
    [['publishedAt=2026-11-22T08:30:00Z'], { publishedAt: '2026-11-22T08:30:00Z' }],
  ])('reads %j', (pairs, fields) => {
    expect(parseAssignments(pairs)).toEqual(fields);
  });

  it.each([
    [['views:=forty'], 'the value after := must be JSON'],
    [['novalue'], '"novalue" is not name=value or name:=json'],
  ])('refuses %j', (pairs, message) => {
    expect(() => parseAssignments(pairs)).toThrow(message);
  });
});

describe('video-api run against the mock over HTTP', () => {
  it('uploads, waits and prints only the ready video as JSON on stdout', async () => {
    const result = await cli([
      'upload',
      clip,
      '--project',
      'demo',
      '--title',
      'Clip',
      '--tag',
      'a',
      '--wait',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const video = JSON.parse(result.stdout);
    expect(video).toMatchObject({ title: 'Clip', status: 'ready', tags: ['a'] });
    expect(result.stderr).toContain('clip.mp4: uploading 100% (195.3 KiB of 195.3 KiB)');
    expect(result.stderr).not.toContain('\x1b[');
  });

  it('draws progress bars in place on a terminal', async () => {
    const result = await cli(['upload', clip, '--project', 'demo'], { tty: true });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('\x1b[1A');
    expect(result.stderr).toContain(`[${'#'.repeat(24)}] 100%`);
    expect(result.stdout).toMatch(/clip\.mp4\tv-\d+\tuploaded\n$/);
  });

  it('round-trips fields set and fields get', async () => {
    const upload = await cli(['upload', clip, '--project', 'demo', '--json']);
    const key = JSON.parse(upload.stdout).videoKey as string;
    const set = await cli(['fields', 'set', key, 'note=hi', 'views:=3', 'topics:=["x"]']);
    expect(set.code).toBe(0);
    const got = await cli(['fields', 'get', key]);
    expect(JSON.parse(got.stdout)).toMatchObject({ note: 'hi', views: 3, topics: ['x'] });
  });

  it('resumes with --ledger without creating the video again', async () => {
    const ledger = join(folder, 'ledger.json');
    const first = JSON.parse(
      (await cli(['upload', clip, '--project', 'demo', '--json', '--ledger', ledger])).stdout,
    );
    const second = JSON.parse(
      (await cli(['upload', clip, '--project', 'demo', '--json', '--ledger', ledger])).stdout,
    );
    expect(second.videoKey).toBe(first.videoKey);
  });

  it.each([
    ['a missing video', ['get', 'v-9999'], {}, 4, 'No video has the key "v-9999".'],
    [
      'a wrong token',
      ['get', 'v-0001'],
      { VIDEO_API_TOKEN: 'nope' },
      3,
      '(check --token or VIDEO_API_TOKEN)',
    ],
    [
      'a server that is not there',
      ['get', 'v-1'],
      { VIDEO_API_BASE_URL: 'http://127.0.0.1:9' },
      5,
      'is the server at http://127.0.0.1:9 running?',
    ],
    [
      'a missing file',
      ['upload', join(folder, 'none.mp4'), '--project', 'p'],
      {},
      2,
      'none.mp4: no such file',
    ],
    ['a bad value', ['fields', 'set', 'v-0001', 'gone:=null'], {}, 1, 'updateCustomFields failed: 400'],
  ])('exits on %s with its documented code and one line on stderr', async (_, argv, env, code, line) => {
    const result = await cli(argv, { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(line);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('exits 6 when the video fails processing', async () => {
    const failing = await serveMock(() =>
      createApp({ realTimeClock: true, processingMs: 20, failureRate: 1 }),
    );
    const result = await cli(['upload', clip, '--project', 'demo', '--wait', '--json'], {
      env: { VIDEO_API_BASE_URL: failing.url },
    });
    await failing.close();
    expect(result.code).toBe(6);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: expect.stringContaining('failed processing') });
  });
});

describe('the video-api bin, spawned', () => {
  const exec = promisify(execFile);
  const spawnCli = (args: string[]) =>
    exec(process.execPath, [...bin, ...args], {
      env: { ...process.env, VIDEO_API_BASE_URL: served.url, VIDEO_API_TOKEN: 'mock-token' },
    }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('runs from the sources without a build and prints the uploaded video as JSON', async () => {
    const result = await spawnCli(['upload', clip, '--project', 'demo', '--wait', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'ready', title: 'clip.mp4' });
  });

  it('exits with the documented code and one line', async () => {
    const result = await spawnCli(['get', 'v-404']);
    expect(result.code).toBe(4);
    expect(result.stderr.trim()).toMatch(
      /^video-api: getVideo failed: 404( Not Found)?: No video has the key "v-404"\.$/,
    );
  });
});
