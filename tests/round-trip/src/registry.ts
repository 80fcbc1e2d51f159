/**
 * A real npm registry for the round-trip: Verdaccio 6 (it needs Node ≥ 22, so it runs on the
 * cached Node 24) on a free loopback port, with a throwaway storage folder. It serves the
 * `@video-api` scope only (no uplink): everything else comes from the machine's usual registry.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedInstall, freePort } from '@video-api/test-support';
import { nodeBinary, OTHER_NODES } from './node-versions.js';

const VERDACCIO_VERSION = '6.10.4';

export interface Registry {
  url: string;
  /** An `.npmrc` that resolves `@video-api/*` from this registry and may publish to it. */
  npmrc: string;
  close(): Promise<void>;
}

const config = (storage: string) => `storage: ${JSON.stringify(storage)}
auth:
  htpasswd:
    file: ${JSON.stringify(join(storage, 'htpasswd'))}
    max_users: -1
packages:
  '@video-api/*':
    access: $all
    publish: $anonymous
    unpublish: $anonymous
  '**':
    access: $all
log: { type: stdout, format: pretty, level: warn }
`;

async function waitForPing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${url}/-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Verdaccio did not answer at ${url} within 60 s:\n${output()}`);
}

/** Starts Verdaccio; `close()` stops it and removes its storage. */
export async function startRegistry(): Promise<Registry> {
  const node = await nodeBinary(OTHER_NODES[24]);
  // Its dependency `node-fetch@cjs` names a dist-tag that registries mirrors may not serve.
  const dir = await cachedInstall(`verdaccio-${VERDACCIO_VERSION}`, [`verdaccio@${VERDACCIO_VERSION}`], {
    overrides: { 'node-fetch': '2.7.0' },
  });
  const storage = mkdtempSync(join(tmpdir(), 'video-api-registry-'));
  const configFile = join(storage, 'config.yaml');
  writeFileSync(configFile, config(storage));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const bin = join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const child = spawn(node, [bin, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(storage, { recursive: true, force: true });
  };
  try {
    await waitForPing(url, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  const host = url.replace(/^http:/, '');
  const npmrc = `@video-api:registry=${url}/\n${host}/:_authToken=round-trip\n`;
  return { url, npmrc, close };
}
