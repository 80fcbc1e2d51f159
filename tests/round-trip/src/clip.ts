/**
 * A real video to upload: the mock's command transcodes what ffmpeg can read (`--transcode auto`)
 * and plays the placeholder for anything else, so the flows with this clip get its own renditions
 * where ffmpeg is. A 2 s 160x90 H.264 clip made by ffmpeg (the test command installs it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exec } from '@video-api/test-support';

/** Writes `name` in `dir` and returns its bytes. */
export async function makeClip(dir: string, name = 'clip.mp4'): Promise<Uint8Array<ArrayBuffer>> {
  await exec(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=size=160x90:rate=10:duration=2'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', name],
    ],
    { cwd: dir },
  );
  return new Uint8Array(readFileSync(join(dir, name)));
}
