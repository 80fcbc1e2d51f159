/**
 * One behaviour on every machine: the CLI's default `--transcode auto` gives the same API answers
 * with ffmpeg hidden from PATH and present (statuses, records, the states and their virtual times,
 * the events), for stand-in bytes and for a real clip; only what a ready video plays may differ,
 * and `X-Mock-Rendition` says which it is. Stand-in bytes play the placeholder either way.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/node/cli/cli-args.js';
import { createApp } from '../../src/node/index.js';
import { findFfmpeg } from '../../src/node/transcode/find-ffmpeg.js';
import { NO_FFMPEG } from '../../src/node/transcode/open-transcoder.js';
import { RENDITION_HEADER } from '../../src/playback/routes.js';
import type { MockApp } from '../../src/types.js';
import { captureLog, clip } from '../support/transcode.js';

const AUTH = { authorization: 'Bearer mock-token' };
const emptyDir = mkdtempSync(join(tmpdir(), 'mock-no-ffmpeg-'));
afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

/** One answer, its times made relative to the clock's start (virtual ms), so two runs compare. */
interface Answer {
  status: number;
  type: string | null;
  rendition?: string | null;
  body: unknown;
}

const DATE_TIME = /^\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:\d\d)$/;

function relativeTimes(value: unknown, start: number): unknown {
  if (typeof value === 'string' && DATE_TIME.test(value)) return `+${Date.parse(value) - start}ms`;
  if (Array.isArray(value)) return value.map((item) => relativeTimes(item, start));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, relativeTimes(v, start)]));
  return value;
}

async function answerOf(res: Response, start: number): Promise<Answer> {
  const type = res.headers.get('content-type');
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const body = type?.includes('json')
    ? relativeTimes(JSON.parse(text), start)
    : type?.includes('mpegurl')
      ? text
      : Buffer.from(bytes).toString('base64');
  return { status: res.status, type, rendition: res.headers.get(RENDITION_HEADER), body };
}

/** The mock as `npm start` makes it (its default `--transcode`), on a stopped clock, with `path` as PATH. */
function appWithPath(path: string | undefined) {
  const { options } = parseCliArgs([]);
  const saved = process.env.PATH;
  process.env.PATH = path;
  const log = captureLog();
  try {
    const app = createApp({
      transcode: options.transcode,
      realTimeClock: false,
      logLevel: 'info',
      logger: log.logger,
    });
    return { app, log };
  } finally {
    process.env.PATH = saved;
  }
}

/** Create, upload stand-in bytes and a clip, advance the clock, get, fetch playlists and segments. */
async function flow(app: MockApp, clipFile: string) {
  const start = await app.mock.now();
  const api: Record<string, Answer> = {};
  const playback: Record<string, Answer> = {};
  const events: unknown[] = [];
  app.mock.onEvent((event) => events.push(relativeTimes(event, start)));
  const created = await app.request('/api/v1/videos', {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'same', videos: [{ title: 'stand-in' }, { title: 'clip' }] }),
  });
  const [standIn = '', real = ''] = ((await created.clone().json()) as { key: string }[]).map((v) => v.key);
  api.create = await answerOf(created, start);
  const files = { [standIn]: new Uint8Array(4096).fill(7), [real]: readFileSync(clipFile) };
  for (const [key, bytes] of Object.entries(files)) {
    const form = new FormData();
    form.set('file', new Blob([bytes], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: AUTH,
      body: form,
    });
    api[`upload ${key}`] = await answerOf(uploaded, start);
  }
  for (const step of [0, 1000, 1000]) {
    await app.mock.advanceClock(step);
    for (const key of [standIn, real]) {
      const got = await app.request(`/api/v1/videos/${key}`, { headers: AUTH });
      api[`get ${key} at +${(await app.mock.now()) - start}ms`] = await answerOf(got, start);
    }
  }
  for (const key of [standIn, real]) {
    // At once: the playlist waits for a transcode still running, never for the clock.
    const master = await answerOf(await app.request(`/hls/${key}/playlist.m3u8`), start);
    playback[`${key} playlist.m3u8`] = master;
    const media = /^(\S+\/playlist\.m3u8)$/m.exec(String(master.body))?.[1] ?? '';
    const list = await answerOf(await app.request(`/hls/${key}/${media}`), start);
    playback[`${key} media`] = list;
    const segment = /^(\S+\.ts)$/m.exec(String(list.body))?.[1] ?? '';
    const rendition = media.split('/')[0];
    playback[`${key} segment`] = await answerOf(
      await app.request(`/hls/${key}/${rendition}/${segment}`),
      start,
    );
  }
  return { api, playback, events, keys: { standIn, real } };
}

describe('the default transcode mode, with and without ffmpeg', { timeout: 120_000 }, () => {
  it('is auto, and answers the API the same; only what the clip plays differs, and says so', async () => {
    expect(parseCliArgs([]).options.transcode).toBe('auto');
    expect(findFfmpeg(emptyDir), 'ffmpeg must be hidden by an empty PATH').toBeUndefined();
    expect(findFfmpeg(), 'ffmpeg must be on PATH (the test command installs it)').toBeDefined();
    const file = await clip(2, 320, 180);

    const without = appWithPath(emptyDir);
    const withFfmpeg = appWithPath(process.env.PATH);
    try {
      const a = await flow(without.app, file);
      const b = await flow(withFfmpeg.app, file);

      expect(b.api).toEqual(a.api);
      expect(b.events).toEqual(a.events);
      const { standIn, real } = a.keys;
      expect(a.api[`get ${real} at +2000ms`]?.body).toMatchObject({ status: 'ready' });
      expect(a.api[`get ${standIn} at +2000ms`]?.body).toMatchObject({ status: 'ready' });

      // Stand-in bytes play the placeholder on both machines, byte for byte.
      for (const part of ['playlist.m3u8', 'media', 'segment']) {
        expect(b.playback[`${standIn} ${part}`]).toEqual(a.playback[`${standIn} ${part}`]);
        expect(a.playback[`${standIn} ${part}`]).toMatchObject({ status: 200, rendition: 'placeholder' });
      }
      // The clip: the same statuses and types; its own renditions where ffmpeg is.
      for (const part of ['playlist.m3u8', 'media', 'segment']) {
        const [was, is] = [a.playback[`${real} ${part}`], b.playback[`${real} ${part}`]];
        expect({ status: is?.status, type: is?.type }).toEqual({ status: was?.status, type: was?.type });
        expect(was).toMatchObject({ status: 200, rendition: 'placeholder' });
        expect(is).toMatchObject({ status: 200, rendition: 'transcoded' });
      }
      expect(String(b.playback[`${real} playlist.m3u8`]?.body)).toContain('RESOLUTION=320x180');

      // The log says which: ffmpeg could not read the stand-in bytes, and made the clip's renditions.
      expect(withFfmpeg.log.messages('not transcoded: the placeholder plays')).toEqual([
        expect.objectContaining({ videoKey: standIn, reason: expect.any(String) }),
      ]);
      expect(withFfmpeg.log.messages('transcoded')).toEqual([expect.objectContaining({ videoKey: real })]);
      expect(without.log.messages('transcode failed')).toEqual([]);
      // and, once, that ffmpeg was not found (and how to get it)
      expect(without.log.messages(NO_FFMPEG)).toEqual([
        expect.objectContaining({ detail: expect.stringContaining('uploads play the placeholder') }),
      ]);
      expect(withFfmpeg.log.messages(NO_FFMPEG)).toEqual([]);
    } finally {
      await without.app.mock.close();
      await withFfmpeg.app.mock.close();
    }
  });
});
