/** A throwaway folder per test file (resolved documents, collections, reports, the upload's file). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Scratch {
  dir: string;
  /** The bytes of `dir/clip.mp4`: stand-in video bytes (the mock runs with `--transcode off`). */
  clip: Uint8Array<ArrayBuffer>;
  remove(): void;
}

/** Creates the folder and its `clip.mp4` (4 KiB of random bytes). */
export function scratch(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'video-api-interop-'));
  const clip = new Uint8Array(randomBytes(4096));
  writeFileSync(join(dir, 'clip.mp4'), clip);
  return { dir, clip, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
