/**
 * A project outside the workspace, as another team has it: a temporary folder with a package.json
 * and an `.npmrc` that resolves `@video-api/*` from the round-trip's registry; everything else
 * comes from the machine's usual registry. Installs use plain npm.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExecOptions, type ExecResult, exec } from '@video-api/test-support';

export interface Consumer {
  dir: string;
  /** Runs npm (the machine's) in the project. */
  npm(args: string[], options?: Partial<ExecOptions>): Promise<ExecResult>;
  /** Runs a program of the project (e.g. `node_modules/.bin/esbuild`). */
  run(command: string, args: string[], options?: Partial<ExecOptions>): Promise<ExecResult>;
  /** Runs `node` (the given binary, default this process's) in the project. */
  node(args: string[], options?: Partial<ExecOptions> & { node?: string }): Promise<ExecResult>;
  write(file: string, content: string | Uint8Array): string;
  remove(): void;
}

/** Creates an empty consumer project; `npmrc` is the registry's scoped configuration. */
export function createConsumer(npmrc: string, name = 'consumer'): Consumer {
  const dir = mkdtempSync(join(tmpdir(), `video-api-${name}-`));
  const write = (file: string, content: string | Uint8Array) => {
    const path = join(dir, file);
    writeFileSync(path, content);
    return path;
  };
  write('package.json', `${JSON.stringify({ name, version: '1.0.0', private: true }, null, 2)}\n`);
  write('.npmrc', npmrc);
  return {
    dir,
    write,
    npm: (args, options = {}) =>
      exec('npm', ['--no-audit', '--no-fund', ...args], { cwd: dir, timeoutMs: 600_000, ...options }),
    run: (command, args, options = {}) => exec(join(dir, command), args, { cwd: dir, ...options }),
    node: (args, { node = process.execPath, ...options } = {}) => exec(node, args, { cwd: dir, ...options }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
