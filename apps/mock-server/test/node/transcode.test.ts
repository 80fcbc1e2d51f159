/**
 * Real renditions under Node (`transcode`): an upload becomes ready once ffmpeg has made its HLS
 * renditions and the virtual processing time has passed; a file ffmpeg cannot read fails, and the
 * log says why; a re-upload or close() stops the running ffmpeg and leaves no temporary file;
 * jobs wait in a bounded pool; requests are answered while ffmpeg works.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import {
  clip,
  createVideo,
  ffmpegsMentioning,
  transcodingApp,
  until,
  uploadFile,
} from '../support/transcode.js';

// Guards against a hang, not speed targets (transcode speed is in bench/).
describe('transcoding an upload (transcode: on)', { timeout: 120_000 }, () => {
  it('makes 720p and 360p renditions, and is ready once they exist and processingMs has passed', async () => {
    const { app, log, status, text } = transcodingApp();
    const key = await createVideo(app);
    expect((await uploadFile(app, key, await clip(3))).status).toBe(200);
    await until(() => log.messages('transcoded').length === 1, 'the transcode');
    expect(await status(key)).toBe('processing'); // the renditions exist, the virtual clock has not moved
    await app.mock.advanceClock(1000);
    expect(await status(key)).toBe('ready');
    const master = await text(`/hls/${key}/playlist.m3u8`);
    expect(master).toMatch(
      /RESOLUTION=1280x720,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"\n720p\/playlist\.m3u8/,
    );
    expect(master).toMatch(
      /RESOLUTION=640x360,CODECS="avc1\.4d40[0-9a-f]{2},mp4a\.40\.2"\n360p\/playlist\.m3u8/,
    );
    for (const rendition of ['720p', '360p']) {
      const media = await text(`/hls/${key}/${rendition}/playlist.m3u8`);
      expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media).toContain('#EXT-X-ENDLIST');
      const durations = [...media.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      expect(durations.reduce((sum, d) => sum + d, 0)).toBeCloseTo(3, 0);
      const segment = await app.request(`/hls/${key}/${rendition}/segment0.ts`);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      const bytes = new Uint8Array(await segment.arrayBuffer());
      expect(segment.headers.get('content-length')).toBe(String(bytes.length));
      expect(bytes[0]).toBe(0x47);
      const head = await app.request(`/hls/${key}/${rendition}/segment0.ts`, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(bytes.length));
    }
    expect((await app.request(`/hls/${key}/144p/playlist.m3u8`)).status).toBe(404);
    expect((await app.request(`/hls/${key}/720p/segment99.ts`)).status).toBe(404);
    expect((await app.request(`/hls/${key}/720p/..%2F..%2Fplaylist.m3u8`)).status).toBe(404);
  });

  it('waits for the renditions when the processing time has passed before they exist', async () => {
    const { app, log, status } = transcodingApp({ processingMs: 0 });
    const ready = new Promise<string>((resolve) =>
      app.mock.onEvent((event) => {
        if (event.state === 'ready') resolve(event.occurredAt);
      }),
    );
    const key = await createVideo(app);
    await uploadFile(app, key, await clip(3));
    await app.mock.advanceClock(60_000);
    expect(await status(key)).toBe('processing');
    expect(log.messages('transcoded')).toEqual([]);
    await ready;
    expect(await status(key)).toBe('ready');
  });

  it('fails processing of a file ffmpeg cannot read, as the readings show a failure, and logs why', async () => {
    const { app, log, status } = transcodingApp();
    const key = await createVideo(app);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(4096).fill(7)]), 'broken.mp4');
    await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token' },
      body: form,
    });
    await until(() => log.messages('transcode failed').length === 1, 'the failure');
    const [failure] = log.messages('transcode failed');
    expect(failure).toMatchObject({ level: 'error', videoKey: key });
    expect(String(failure?.reason)).toMatch(
      /^broken\.mp4: Invalid data found when processing input \(ffmpeg exit status \d+\)$/,
    );
    await app.mock.advanceClock(1000);
    expect(await status(key)).toBe('failed');
    const flag = await app.request(`/api/v1/videos/${key}`, {
      headers: { authorization: 'Bearer mock-token', 'x-mock-reading': 'readiness-field=ready-flag' },
    });
    expect(await flag.json()).toMatchObject({ ready: false });
    const playlist = await app.request(`/hls/${key}/playlist.m3u8`);
    expect(playlist.status).toBe(404);
    expect(((await playlist.json()) as { detail: string }).detail).toContain('failed processing');
  });

  it('does not follow a playlist uploaded as a source to other files of the machine', async () => {
    const { app, log, status } = transcodingApp();
    const key = await createVideo(app);
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:3,\n${await clip(3)}\n#EXT-X-ENDLIST\n`;
    const form = new FormData();
    form.set('file', new Blob([playlist]), 'sneaky.m3u8');
    await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token' },
      body: form,
    });
    await until(() => log.messages('transcode failed').length === 1, 'the failure');
    expect(String(log.messages('transcode failed')[0]?.reason)).toMatch(/^sneaky\.m3u8: /);
    await app.mock.advanceClock(1000);
    expect(await status(key)).toBe('failed');
  });

  it('stops the running ffmpeg on a re-upload and plays the new file', async () => {
    const { app, log, status, text } = transcodingApp();
    const key = await createVideo(app);
    await uploadFile(app, key, await clip(20));
    const root = app.mock.paths().root;
    await until(() => ffmpegsMentioning(root).length === 1, 'ffmpeg to start');
    // The event loop is free while ffmpeg works: requests are answered.
    expect(await status(key)).toBe('processing');
    await uploadFile(app, key, await clip(2, 640, 360));
    await until(() => log.messages('transcoded').length === 1, 'the second transcode');
    expect(ffmpegsMentioning(root)).toEqual([]);
    await app.mock.advanceClock(1000);
    expect(await status(key)).toBe('ready');
    const master = await text(`/hls/${key}/playlist.m3u8`);
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=320x180');
    expect(master).not.toContain('1280x720');
    expect(log.messages('transcoded')[0]).toMatchObject({ videoKey: key, renditions: ['360p', '180p'] });
  });

  it('stops ffmpeg on close() and leaves no temporary file', async () => {
    const { app } = transcodingApp();
    const key = await createVideo(app);
    await uploadFile(app, key, await clip(20));
    const root = app.mock.paths().root;
    await until(() => ffmpegsMentioning(root).length === 1, 'ffmpeg to start');
    await app.mock.close();
    expect(ffmpegsMentioning(root)).toEqual([]);
    expect(existsSync(root)).toBe(false);
  });

  it('stops transcodes and removes every rendition on reset', async () => {
    const { app, log } = transcodingApp();
    const done = await createVideo(app);
    await uploadFile(app, done, await clip(2, 640, 360));
    await until(() => log.messages('transcoded').length === 1, 'the first transcode');
    const running = await createVideo(app);
    await uploadFile(app, running, await clip(20));
    const root = app.mock.paths().root;
    await until(() => ffmpegsMentioning(root).length === 1, 'ffmpeg to start');
    await app.mock.reset();
    await until(() => ffmpegsMentioning(root).length === 0, 'ffmpeg to be stopped');
    await until(() => !existsSync(`${root}/renditions`), 'the renditions to be removed');
    expect(log.messages('transcoded')).toHaveLength(1);
  });

  it('runs jobs in a bounded pool: one at a time by default, in order; more with transcodeConcurrency', async () => {
    for (const [concurrency, order] of [
      [1, ['long', 'short']],
      [2, ['short', 'long']],
    ] as const) {
      const { app, log } = transcodingApp({ transcodeConcurrency: concurrency });
      const long = await createVideo(app, 'long');
      const short = await createVideo(app, 'short');
      await uploadFile(app, long, await clip(8));
      await uploadFile(app, short, await clip(2, 640, 360));
      const root = app.mock.paths().root;
      await until(() => log.messages('transcoded').length === 2, 'both transcodes');
      expect(log.messages('transcoded').map((entry) => (entry.videoKey === long ? 'long' : 'short'))).toEqual(
        order,
      );
      expect(ffmpegsMentioning(root)).toEqual([]);
    }
  });
});

describe('the transcode options', () => {
  it('refuses a bad mode or concurrency with one line naming the option', () => {
    expect(() => createApp({ transcode: 'yes' as 'on' })).toThrow(
      'transcode: "yes" is not accepted (one of auto, on, off)',
    );
    expect(() => createApp({ transcode: 'on', transcodeConcurrency: -1 })).toThrow(
      'transcodeConcurrency: -1 is not accepted (an integer >= 1; 0 with databaseUrl)',
    );
    expect(() => createApp({ transcode: 'on', transcodeConcurrency: 0 })).toThrow(
      'transcodeConcurrency: 0 is accepted only with a shared database (databaseUrl, --database-url), whose other processes transcode',
    );
  });

  it('plays the placeholder when transcoding is off (the default of createApp)', async () => {
    const { app, status, text } = transcodingApp({ transcode: 'off' });
    const key = await createVideo(app);
    await uploadFile(app, key, await clip(2, 640, 360));
    await app.mock.advanceClock(1000);
    expect(await status(key)).toBe('ready');
    expect(await text(`/hls/${key}/playlist.m3u8`)).toContain('RESOLUTION=256x144');
  });
});
