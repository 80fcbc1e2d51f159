/**
 * Other Node majors for the consumer's steps: the npm package `node@X` ships a real Node binary
 * inside the registry package; it is cached (test-support's cachedInstall).
 */
import { join } from 'node:path';
import { cachedInstall, exec } from '@video-api/test-support';

/** The Node versions the consumer's steps run on besides the one running the tests. */
export const OTHER_NODES = { 22: '22.23.3', 24: '24.21.0' } as const;

/** The path of a Node binary of `version`, installed on first use. */
export async function nodeBinary(version: string): Promise<string> {
  const dir = await cachedInstall(`node-${version}`, [`node@${version}`]);
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node');
  const { stdout } = await exec(binary, ['--version'], { cwd: dir });
  if (stdout.trim() !== `v${version}`) throw new Error(`${binary} is ${stdout.trim()}, not v${version}`);
  return binary;
}
