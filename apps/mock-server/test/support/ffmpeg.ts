/**
 * ffmpeg and ffprobe for the tests that watch video: Debian's packages (the test command installs
 * them where missing). A test that needs them fails, with how to get them, when they are absent.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function which(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, name))) return join(dir, name);
  }
  throw new Error(
    `${name} is not on PATH: apt-get install -y ffmpeg (the test command does so where it may)`,
  );
}

/** Runs ffmpeg or ffprobe; resolves with stdout as bytes, rejects with stderr's end on failure. */
export function run(tool: 'ffmpeg' | 'ffprobe', args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      which(tool),
      args,
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${tool} ${args.join(' ')}: ${stderr.toString().slice(-2000)}`));
        else resolve(stdout);
      },
    );
  });
}

export interface ProbedStream {
  codec_name: string;
  codec_type: string;
  profile?: string;
  width?: number;
  height?: number;
}

/** ffprobe's streams and format duration of `input` (a file or a URL). */
export async function probe(input: string): Promise<{ streams: ProbedStream[]; duration: number }> {
  const out = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', input]);
  const parsed = JSON.parse(out.toString()) as { streams: ProbedStream[]; format: { duration?: string } };
  return { streams: parsed.streams, duration: Number(parsed.format.duration) };
}

/**
 * A test clip made by ffmpeg: `seconds` of a moving test pattern with a tone, at `width`×`height`.
 *
 * @example
 * await makeClip('/tmp/clip.mp4', { seconds: 3, width: 1280, height: 720 });
 */
export async function makeClip(
  file: string,
  { seconds, width, height, fps = 25 }: { seconds: number; width: number; height: number; fps?: number },
): Promise<void> {
  await run('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
}
