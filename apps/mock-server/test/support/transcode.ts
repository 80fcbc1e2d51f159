/**
 * Helpers of the transcoding tests: apps that transcode (closed after each test), clips made by
 * ffmpeg (once per test file, removed after it), uploads of a file in-process, the ffmpeg
 * processes that mention a path, and waiting for a condition (a guard, not a speed target: speed
 * is measured in bench/).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processesMentioning } from '@video-api/test-support';
import { afterAll, afterEach } from 'vitest';
import { createApp } from '../../src/node/index.js';
import type { MockApp, MockOptions, TranscodeOptions } from '../../src/types.js';
import { makeClip } from './ffmpeg.js';

/** Clips made on demand in a folder of their own; `dispose()` removes them. */
function clips() {
  const dir = mkdtempSync(join(tmpdir(), 'mock-clips-'));
  const made = new Map<string, Promise<string>>();
  return {
    dir,
    /** A clip of `seconds` at `width`×`height` (made once). */
    get(seconds: number, width = 1280, height = 720): Promise<string> {
      const name = `${seconds}s-${width}x${height}.mp4`;
      let file = made.get(name);
      if (!file) {
        const path = join(dir, name);
        file = makeClip(path, { seconds, width, height }).then(() => path);
        made.set(name, file);
      }
      return file;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Uploads the file at `path` as the source of `key` (§4.2), in-process. */
export async function uploadFile(
  app: MockApp,
  key: string,
  path: string,
  name = 'clip.mp4',
): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(path)], { type: 'video/mp4' }), name);
  return app.request(`/api/upload/v1/form-data/videos/${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { authorization: 'Bearer mock-token' },
    body: form,
  });
}

/** Creates a video and returns its key. */
export async function createVideo(app: MockApp, title = 'clip'): Promise<string> {
  const res = await app.request('/api/v1/videos', {
    method: 'POST',
    headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'transcode', videos: [{ title }] }),
  });
  const [video] = (await res.json()) as { key: string }[];
  return video?.key ?? '';
}

/** The ffmpeg processes whose command line mentions `text` (a folder of the mock under test). */
export function ffmpegsMentioning(text: string): string[] {
  return processesMentioning([text]).filter(
    (line) => /\bffmpeg\b.*-i /.test(line) && !line.includes('/bin/sh'),
  );
}

/** Resolves once `check()` is true; rejects with `what` when `guardMs` pass first. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  guardMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + guardMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A logger that keeps the mock's log entries, parsed. */
export function captureLog() {
  const entries: Record<string, unknown>[] = [];
  return {
    entries,
    logger: (line: string) => entries.push(JSON.parse(line) as Record<string, unknown>),
    messages: (msg: string) => entries.filter((entry) => entry.msg === msg),
  };
}

const made = clips();
afterAll(() => made.dispose());

/** A clip of `seconds` at `width`×`height` with sound, made by ffmpeg once per test file. */
export const clip = (seconds: number, width = 1280, height = 720): Promise<string> =>
  made.get(seconds, width, height);

const apps: MockApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});

/**
 * An app in-process that transcodes (`transcode: 'on'`, a stopped virtual clock, processing 1 s),
 * its log kept; closed after the test.
 *
 * @example
 * const { app, log, status } = transcodingApp();
 * await until(() => log.messages('transcoded').length === 1, 'the transcode');
 */
export function transcodingApp(options: MockOptions & TranscodeOptions = {}) {
  const log = captureLog();
  const app = createApp({
    transcode: 'on',
    realTimeClock: false,
    processingMs: 1000,
    logLevel: 'info',
    logger: log.logger,
    ...options,
  });
  apps.push(app);
  const status = async (key: string) => {
    const res = await app.request(`/api/v1/videos/${key}`, {
      headers: { authorization: 'Bearer mock-token' },
    });
    return ((await res.json()) as { status: string }).status;
  };
  const text = async (path: string) => (await app.request(path)).text();
  return { app, log, status, text };
}

/** Closes the apps of this test now (a restart: the next app opens the same data dir). */
export async function closeApps(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
}
