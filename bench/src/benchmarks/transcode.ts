/**
 * 9. Transcode: a 60 s 720p clip (made by ffmpeg) uploaded to the mock with `--transcode on`:
 * seconds of source per wall second, from the upload's answer to the video being ready, against
 * ffmpeg run alone with the very command the mock ran (read from /proc) on the same file: the
 * limit. And the peak RSS of the mock while it transcodes, ffmpeg's own reported apart.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TMP_DIR } from '../lib/paths.js';
import { peakRssMiB, resetPeakRss, runToEnd, type Started, samplePeak } from '../lib/proc.js';
import { figure } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';
import { AUTH, startMock } from '../servers/start.js';
import { createKey, uploadOnce } from './upload.js';

const SECONDS = 60;
const CLIP = `${TMP_DIR}/transcode-${SECONDS}s-720p.mp4`;

/** The clip: a moving test pattern and a tone, H.264 and AAC in MP4, as a camera or an editor would give. */
async function makeClip(): Promise<void> {
  await mkdir(TMP_DIR, { recursive: true });
  await runToEnd('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', CLIP],
  ]);
}

/** The ffmpeg process among the descendants of `pid`, with its command line. */
function ffmpegUnder(pid: number): { pid: number; args: string[] } | undefined {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const under = (child: number): boolean => {
    for (let at = parents.get(child); at !== undefined && at > 1; at = parents.get(at))
      if (at === pid) return true;
    return false;
  };
  for (const [child, name] of names) {
    if (name !== 'ffmpeg' || !under(child)) continue;
    try {
      const args = readFileSync(`/proc/${child}/cmdline`, 'utf8')
        .split('\0')
        .filter((arg) => arg !== '');
      return { pid: child, args: args.slice(1) };
    } catch {
      // ended meanwhile
    }
  }
  return undefined;
}

/** Polls GET video until it is ready; watches the mock's ffmpeg meanwhile (peak RSS, command). */
async function untilReady(mock: Started, key: string) {
  let ffmpegPeak = 0;
  let command: string[] | undefined;
  for (;;) {
    const seen = ffmpegUnder(mock.pid);
    if (seen) {
      command ??= seen.args;
      ffmpegPeak = Math.max(ffmpegPeak, peakRssMiB(seen.pid) ?? 0);
    }
    const response = await fetch(`${mock.match}/api/v1/videos/${key}`, { headers: { authorization: AUTH } });
    const { status } = (await response.json()) as { status?: string };
    if (status === 'ready') return { ffmpegPeak, command };
    if (status === 'failed') throw new Error(`the mock failed to transcode the clip (video ${key})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mock's command with the clip as input and `out` as the output folder. */
function aloneArgs(command: string[], out: string): string[] {
  const segments = command[command.indexOf('-hls_segment_filename') + 1] ?? '';
  const jobFolder = dirname(dirname(segments));
  const input = command.indexOf('-i') + 1;
  return command.map((arg, i) => (i === input ? CLIP : arg.split(jobFolder).join(out)));
}

/**
 * ffmpeg alone with `args`: wall seconds and its peak RSS. In a session of its own, as the mock
 * runs it (with Linux's autogroup scheduling, a session is also a CPU share of its own).
 */
async function runAlone(args: string[], out: string): Promise<{ seconds: number; peakMiB: number }> {
  await rm(out, { recursive: true, force: true });
  await Promise.all(['r0', 'r1'].map((folder) => mkdir(join(out, folder), { recursive: true })));
  const started = performance.now();
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const sampler = child.pid === undefined ? undefined : samplePeak(child.pid, 50);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const peakMiB = sampler?.stop() ?? Number.NaN;
  if (code !== 0) throw new Error(`ffmpeg alone exited with ${code}: ${stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakMiB };
}

export const transcode: Benchmark = {
  name: 'transcode',
  title: `Transcode (a ${SECONDS} s 720p clip into 720p and 360p HLS)`,
  async run({ runs, log }) {
    await makeClip();
    const bytes = readFileSync(CLIP).length;
    const mock = await startMock(['--transcode', 'on', '--processing-ms', '0']);
    const mockRate: number[] = [];
    const mockPeak: number[] = [];
    const ffmpegPeak: number[] = [];
    const aloneRate: number[] = [];
    const alonePeak: number[] = [];
    let resettable = true;
    /** One transcode by the mock: its rate, peaks, and the command it gave ffmpeg. */
    const byMock = async () => {
      const key = await createKey(mock.match);
      await uploadOnce('curl', mock.match, key, CLIP, bytes);
      resettable = resetPeakRss(mock.pid) && resettable;
      const started = performance.now();
      const watched = await untilReady(mock, key);
      const seconds = (performance.now() - started) / 1000;
      if (!watched.command) throw new Error("the mock's ffmpeg was not seen");
      return { seconds, peak: peakRssMiB(mock.pid) ?? Number.NaN, ...watched, command: watched.command };
    };
    const out = `${TMP_DIR}/transcode-alone`;
    try {
      // A warm-up transcode (not counted) warms the file cache and shows the command the mock runs.
      const { command } = await byMock();
      const args = aloneArgs(command, out);
      for (let run = 0; run < runs; run++) {
        // The order alternates, so that a change of load on the machine does not favour one side.
        const alone = run % 2 === 1 ? await runAlone(args, out) : undefined;
        const mine = await byMock();
        const after = alone ?? (await runAlone(args, out));
        mockRate.push(SECONDS / mine.seconds);
        mockPeak.push(mine.peak);
        ffmpegPeak.push(mine.ffmpegPeak);
        aloneRate.push(SECONDS / after.seconds);
        alonePeak.push(after.peakMiB);
        log(
          `  run ${run + 1}: mock ${mine.seconds.toFixed(2)} s (peak RSS ${mine.peak.toFixed(0)} MiB, its ffmpeg ${mine.ffmpegPeak.toFixed(0)} MiB), ffmpeg alone ${after.seconds.toFixed(2)} s (${after.peakMiB.toFixed(0)} MiB)`,
        );
      }
    } finally {
      await mock.stop();
    }
    return {
      setup: `A ${SECONDS} s 1280x720 30 fps clip with sound (${(bytes / 1024 ** 2).toFixed(1)} MiB, H.264 + AAC, made by ffmpeg) uploaded with curl to \`node dist/node/bin.js --transcode on --processing-ms 0\` (the published bin), ${runs} run(s); the clock runs from the upload's answer to GET video saying ready (polled every 50 ms), so it holds the whole transcode (one ffmpeg: decode once, 720p and 360p H.264 + AAC, 4 s segments) and the mock's own work (the multivariant playlist, moving the output in place). The baseline is ffmpeg run alone with the very arguments the mock gave it (read from /proc), on the same file, in a session of its own as the mock's ffmpeg is (under Linux autogroup a session is a CPU share of its own); one warm-up transcode first, then the two sides alternate in order from run to run. The mock's peak RSS is reset after the upload (clear_refs), so it covers the transcode only.`,
      figures: [
        figure({
          name: 'transcode throughput: seconds of source per wall second, our mock vs ffmpeg alone',
          unit: 's/s',
          better: 'higher',
          runs: mockRate,
          baseline: { name: 'ffmpeg alone (the same command)', runs: aloneRate },
        }),
        figure({
          name: 'peak RSS of our mock while it transcodes',
          unit: 'MiB',
          better: 'lower',
          runs: mockPeak,
          target: { text: 'at most 150 MiB', on: 'value', kind: 'max', bound: 150 },
        }),
        figure({
          name: "peak RSS of the mock's ffmpeg (apart), vs ffmpeg alone",
          unit: 'MiB',
          better: 'lower',
          runs: ffmpegPeak,
          baseline: { name: 'ffmpeg alone', runs: alonePeak },
        }),
      ],
      notes: resettable
        ? []
        : [
            'The kernel refused to reset the peak RSS counter (clear_refs): the mock peak is its peak since start.',
          ],
    };
  },
};
