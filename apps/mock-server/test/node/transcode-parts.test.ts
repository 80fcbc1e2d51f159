/**
 * The parts of the transcoder on their own: the bounded pool, where ffmpeg is found (PATH, the
 * optional package), and what is read back from ffmpeg (its outputs, its playlists, its reason).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg, fromPackage, onPath } from '../../src/node/transcode/find-ffmpeg.js';
import { Pool, type PoolTask } from '../../src/node/transcode/pool.js';
import { outputStreams, playlistSegments } from '../../src/node/transcode/rendition-info.js';
import { StderrLog } from '../../src/node/transcode/stderr-log.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-ffmpeg-find-'));
  dirs.push(dir);
  return dir;
}
function executable(path: string): string {
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

/** A task that runs until its `finish()` is called. */
function task(ran: string[], name: string) {
  let finish = () => {};
  const t: PoolTask & { finish: () => void } = {
    run: () => {
      ran.push(name);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    },
    finish: () => finish(),
  };
  return t;
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Pool', () => {
  it('runs at most `limit` tasks, the others in order of arrival; a waiting task can be withdrawn', async () => {
    const ran: string[] = [];
    const pool = new Pool(2);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => task(ran, name)) as [
      ReturnType<typeof task>,
      ReturnType<typeof task>,
      ReturnType<typeof task>,
      ReturnType<typeof task>,
    ];
    for (const t of [a, b, c, d]) pool.add(t);
    expect(ran).toEqual(['a', 'b']);
    expect(pool.size).toEqual({ running: 2, waiting: 2 });
    expect(pool.withdraw(c)).toBe(true);
    expect(pool.withdraw(a)).toBe(false); // running: its owner stops it
    b.finish();
    await tick();
    expect(ran).toEqual(['a', 'b', 'd']);
    a.finish();
    d.finish();
    await tick();
    expect(pool.size).toEqual({ running: 0, waiting: 0 });
  });

  it('goes on after a task that fails', async () => {
    const ran: string[] = [];
    const pool = new Pool(1);
    pool.add({ run: () => Promise.reject(new Error('broken')) });
    const next = task(ran, 'next');
    pool.add(next);
    await tick();
    expect(ran).toEqual(['next']);
  });
});

describe('finding ffmpeg', () => {
  it('takes the first executable ffmpeg on PATH', () => {
    const [empty, plain, bin] = [folder(), folder(), folder()];
    writeFileSync(join(plain, 'ffmpeg'), 'not executable');
    const found = executable(join(bin, 'ffmpeg'));
    expect(onPath([empty, plain, bin].join(':'), 'linux')).toBe(found);
    expect(onPath([empty, plain].join(':'), 'linux')).toBeUndefined();
    expect(onPath(undefined, 'linux')).toBeUndefined();
  });

  it('takes the binary of @ffmpeg-installer/ffmpeg where that package is installed', () => {
    const project = folder();
    const pkg = join(project, 'node_modules', '@ffmpeg-installer', 'ffmpeg');
    mkdirSync(pkg, { recursive: true });
    const binary = executable(join(project, 'ffmpeg-binary'));
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({ name: '@ffmpeg-installer/ffmpeg', main: 'index.js' }),
    );
    writeFileSync(join(pkg, 'index.js'), `module.exports = { path: ${JSON.stringify(binary)} };`);
    const from = pathToFileURL(join(project, 'main.js')).href;
    expect(fromPackage(from)).toBe(binary);
    expect(findFfmpeg('', from)).toBe(binary);
    expect(findFfmpeg('', pathToFileURL(join(folder(), 'main.js')).href)).toBeUndefined();
  });
});

describe("reading ffmpeg's answers", () => {
  it('finds the size and sound of each output in what ffmpeg says, not those of its input', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'source':",
      '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 25 fps',
      '  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s',
      "Output #0, hls, to 'out/r0/playlist.m3u8':",
      '  Stream #0:0: Video: h264, yuv420p(progressive), 1280x720 [SAR 1:1 DAR 16:9], q=2-31, 25 fps, 90k tbn',
      '  Stream #0:1(und): Audio: aac (LC), 48000 Hz, stereo, fltp, 128 kb/s (default)',
      "Output #1, hls, to 'out/r1/playlist.m3u8':",
      '  Stream #1:0: Video: h264, yuv420p(tv, progressive), 640x360 [SAR 1:1 DAR 16:9], q=2-31, 25 fps, 90k tbn',
    ].join('\n');
    expect(outputStreams(stderr)).toEqual([
      { width: 1280, height: 720, audio: true },
      { width: 640, height: 360, audio: false },
    ]);
  });

  it("reads the segments and durations of ffmpeg's media playlist", () => {
    const text =
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000000,\nsegment0.ts\n#EXTINF:1.480000,\nsegment1.ts\n#EXT-X-ENDLIST\n';
    expect(playlistSegments(text)).toEqual([
      { uri: 'segment0.ts', duration: 4 },
      { uri: 'segment1.ts', duration: 1.48 },
    ]);
  });

  it.each([
    [
      ['[mov,mp4 @ 0x1] moov atom not found', '/data/uploads/ab12: Invalid data found when processing input'],
      1,
      'clip.mp4: Invalid data found when processing input (ffmpeg exit status 1)',
    ],
    [
      ["Stream specifier ':v:0' in filtergraph description [0:v:0]split matches no streams."],
      1,
      "Stream specifier ':v:0' in filtergraph description [0:v:0]split matches no streams. (ffmpeg exit status 1)",
    ],
    [[], 137, 'ffmpeg was killed (signal 9)'],
  ])('says why ffmpeg failed in one line', async (lines, status, reason) => {
    const stderr = new PassThrough();
    const log = new StderrLog(stderr);
    stderr.end(`frame=  10 fps=0.0\n${lines.join('\n')}\n`);
    await new Promise((resolve) => stderr.once('end', resolve));
    expect(log.reason(status, { file: '/data/uploads/ab12', size: 1, filename: 'clip.mp4' })).toBe(reason);
  });
});
