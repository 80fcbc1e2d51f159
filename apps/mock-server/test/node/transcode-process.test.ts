/**
 * Transcoding across the life of a mock process: renditions kept in a data dir survive a restart,
 * and a transcode a restart interrupted runs again; the CLI's `--transcode` flags; a mock killed
 * mid-transcode (SIGKILL, or stopped with SIGTERM) leaves no ffmpeg process and no temporary file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../../src/types.js';
import {
  clip,
  closeApps,
  createVideo,
  ffmpegsMentioning,
  transcodingApp,
  until,
  uploadFile,
} from '../support/transcode.js';

const BIN = sourceArgs(fileURLToPath(new URL('../../src/node/bin.ts', import.meta.url)));
const dirs: string[] = [];
const children: ChildProcess[] = [];
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const openApp = (dataDir: string) => transcodingApp({ dataDir });

/** Runs the CLI; resolves `listening` with its URL. */
function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', () => reject(new Error(`exited: ${stderr}`)));
  });
  listening.catch(() => {});
  return { child, exited, listening, stderr: () => stderr };
}

/** Creates a video on the server at `url` and uploads `file` to it. */
async function uploadTo(url: string, file: string): Promise<string> {
  const app = {
    request: (path: string, init: RequestInit) => fetch(`${url}${path}`, init),
  } as unknown as MockApp;
  const key = await createVideo(app);
  expect((await uploadFile(app, key, file)).status).toBe(200);
  return key;
}

// Guards against a hang, not speed targets (transcode speed is in bench/).
describe('transcoding with a data dir', { timeout: 120_000 }, () => {
  it('keeps the renditions over a restart', async () => {
    const dataDir = folder('mock-transcode-data-');
    const first = openApp(dataDir);
    const key = await createVideo(first.app);
    await uploadFile(first.app, key, await clip(2, 640, 360));
    await until(() => first.log.messages('transcoded').length === 1, 'the transcode');
    await first.app.mock.advanceClock(2000);
    const before = await (await first.app.request(`/hls/${key}/playlist.m3u8`)).text();
    await closeApps();
    const second = openApp(dataDir);
    const after = await second.app.request(`/hls/${key}/playlist.m3u8`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(before);
    expect(before).toContain('RESOLUTION=640x360');
    expect((await second.app.request(`/hls/${key}/360p/segment0.ts`)).status).toBe(200);
    expect(second.log.messages('transcoded')).toEqual([]); // nothing transcoded again
  });

  it('runs a transcode that a restart interrupted again, and leaves nothing of the first behind', async () => {
    const dataDir = folder('mock-transcode-data-');
    const first = openApp(dataDir);
    const key = await createVideo(first.app);
    await uploadFile(first.app, key, await clip(12));
    await until(() => ffmpegsMentioning(dataDir).length === 1, 'ffmpeg to start');
    await closeApps();
    expect(ffmpegsMentioning(dataDir)).toEqual([]);
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
    const second = openApp(dataDir);
    await until(() => second.log.messages('transcoded').length === 1, 'the transcode after the restart');
    await second.app.mock.advanceClock(2000);
    expect(await (await second.app.request(`/hls/${key}/playlist.m3u8`)).text()).toContain(
      'RESOLUTION=1280x720',
    );
  });
});

describe('video-api-mock --transcode', { timeout: 120_000 }, () => {
  it('refuses --transcode on without ffmpeg, in one line that says how to get it', async () => {
    // No ffmpeg on PATH (node runs by its full path); the optional package is not installed here.
    const { exited, stderr } = run(['--port', '0', '--transcode', 'on'], {
      PATH: folder('mock-empty-path-'),
    });
    expect(await exited).toBe(2);
    expect(stderr().trim().split('\n')).toEqual([
      'video-api-mock: --transcode: "on" needs ffmpeg, and none was found (not on PATH, no @ffmpeg-installer/ffmpeg): install it (apt-get install ffmpeg, brew install ffmpeg, winget install ffmpeg) or npm install @ffmpeg-installer/ffmpeg beside the mock; with "auto" or "off" the mock plays a placeholder instead',
    ]);
  });

  it.each([
    [['--transcode', 'yes'], 'video-api-mock: --transcode: "yes" is not accepted (auto, on or off)'],
    [
      ['--transcode-concurrency', '0'],
      'video-api-mock: --transcode-concurrency: 0 is accepted only with a shared database (databaseUrl, --database-url), whose other processes transcode',
    ],
  ])('refuses %j with one line', async (args, line) => {
    const { exited, stderr } = run(['--port', '0', ...args]);
    expect(await exited).toBe(2);
    expect(stderr().trim().split('\n')).toEqual([line]);
  });

  it.each([
    ['SIGKILL', ['--data-dir']],
    ['SIGKILL', []],
    ['SIGTERM', []],
  ] as const)(
    'leaves no ffmpeg and no temporary file when the mock gets %s mid-transcode (%j)',
    async (signal, flags) => {
      const temp = folder('mock-transcode-tmp-');
      const dataDir = join(temp, 'data');
      const mock = run(
        ['--port', '0', '--log-level', 'silent', ...flags.flatMap((flag) => [flag, dataDir])],
        {
          TMPDIR: temp,
        },
      );
      const url = await mock.listening;
      await uploadTo(url, await clip(20));
      await until(() => ffmpegsMentioning(temp).length === 1, 'ffmpeg to start');
      mock.child.kill(signal);
      expect(await mock.exited).toBe(signal === 'SIGTERM' ? 0 : null);
      await until(() => ffmpegsMentioning(temp).length === 0, 'ffmpeg to be gone');
      if (flags.length > 0) {
        // The data dir keeps what it is for (the database, the upload); nothing of the transcode.
        await until(
          () => readdirSync(join(dataDir, 'tmp')).length === 0,
          'the transcode folder to be removed',
        );
        expect(existsSync(join(dataDir, 'renditions'))).toBe(false);
      } else {
        await until(
          () => readdirSync(temp).filter((name) => name.startsWith('video-api-mock-')).length === 0,
          'the temporary upload folder to be removed',
        );
      }
    },
  );
});
