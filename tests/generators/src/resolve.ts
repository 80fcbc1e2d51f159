/** The resolved document from the real resolver CLI (`video-api-spec resolve`, from its sources) into a scratch file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exec, sourceArgs } from '@video-api/test-support';

const RESOLVER = fileURLToPath(new URL('../node_modules/@video-api/schema/src/cli/bin.ts', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Runs `video-api-spec resolve ...args --out FILE`; the file, and a function that removes its folder. */
export async function resolveTo(args: string[]): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'video-api-generators-spec-'));
  const file = join(dir, 'resolved.json');
  await exec(process.execPath, [...sourceArgs(RESOLVER), 'resolve', ...args, '--out', file], {
    cwd: PACKAGE_DIR,
    timeoutMs: 60_000,
  });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
