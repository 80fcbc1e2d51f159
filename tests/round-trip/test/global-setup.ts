/**
 * The round-trip's one release, shared by every test file: Verdaccio on a free loopback port, then
 * `pnpm release -- --registry …` in a copy of the workspace. Test files read it with
 * `inject('release')`; the registry and the copy are removed when the run ends.
 */
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { exec } from '@video-api/test-support';
import type { TestProject } from 'vitest/node';
import { startRegistry } from '../src/registry.js';
import { type Published, published } from '../src/tarballs.js';
import { copyWorkspace } from '../src/workspace-copy.js';

export const PACKAGES = [
  '@video-api/schema',
  '@video-api/client',
  '@video-api/contract',
  '@video-api/mock-server',
] as const;

/** What the test files get: where the registry is and what it holds. */
interface Release {
  registryUrl: string;
  /** An `.npmrc` that resolves `@video-api/*` from the registry (and may publish to it). */
  npmrc: string;
  /** The workspace copy the release ran in (its CHANGELOGs were versioned there). */
  workspace: string;
  versions: Record<string, Published>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    release: Release;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const registry = await startRegistry();
  const workspace = copyWorkspace();
  const teardown = async () => {
    await registry.close();
    rmSync(workspace, { recursive: true, force: true });
  };
  try {
    // The workspace's own settings, plus the registry's token (publishing needs one for its host).
    const auth = registry.npmrc.split('\n').find((line) => line.includes('_authToken'));
    appendFileSync(join(workspace, '.npmrc'), `\n${auth}\n`);
    await exec('node', ['scripts/run.mjs', 'release', '--', '--registry', `${registry.url}/`], {
      cwd: workspace,
      env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      timeoutMs: 600_000,
    });
    const versions: Record<string, Published> = {};
    for (const name of PACKAGES) versions[name] = await published(registry.url, name);
    project.provide('release', { registryUrl: registry.url, npmrc: registry.npmrc, workspace, versions });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
