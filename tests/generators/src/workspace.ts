/**
 * A scratch project per generator and document, as a team has it: the generated client under
 * `<name>/generated`, the committed steps file beside it, `flow.ts`, a strict tsconfig, and the
 * generator's install (its client runtime) as node_modules. `typecheck` runs the workspace's tsc
 * on it, `errorSources` reads the generated lines its errors point at; `runSteps` runs the steps
 * against the mock and returns the answers they printed.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cachedInstall, exec } from '@video-api/test-support';
import type { Generator } from './generators.js';

const require = createRequire(import.meta.url);
const CLIENTS = fileURLToPath(new URL('../clients/', import.meta.url));
const TSC = require.resolve('typescript/bin/tsc');
const TSX = pathToFileURL(require.resolve('tsx/esm')).href;

/** Strict mode, the DOM's fetch, FormData and File, and Node's types (the steps read the environment). */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    noEmit: true,
    skipLibCheck: true,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
  },
  include: ['**/*.ts'],
};

/** One install per generator and process; its folder is named after the exact packages. */
const installs = new Map<string, Promise<string>>();
const install = (generator: Generator): Promise<string> => {
  const hash = createHash('sha256').update(generator.packages.join(' ')).digest('hex').slice(0, 8);
  const name = `generator-${generator.name}-${generator.version}-${hash}`;
  const pending = installs.get(name) ?? cachedInstall(name, generator.packages);
  installs.set(name, pending);
  return pending;
};

export interface Project {
  dir: string;
  /** Runs `node` with args in the project; resolves with the exit code and output. */
  node(args: string[], env?: Record<string, string>): ReturnType<typeof exec>;
  remove(): void;
}

/** Generates `generator`'s client for `spec` into a new scratch project, with the steps file when `steps`. */
export async function generate(generator: Generator, spec: string, steps: boolean): Promise<Project> {
  const modules = join(await install(generator), 'node_modules');
  const dir = mkdtempSync(join(tmpdir(), `video-api-generators-${generator.name}-`));
  const node: Project['node'] = (args, env = {}) =>
    exec(process.execPath, args, {
      cwd: dir,
      env: { NO_COLOR: '1', ...env },
      timeoutMs: 120_000,
      allowFailure: true,
    });
  const project = { dir, node, remove: () => rmSync(dir, { recursive: true, force: true }) };
  symlinkSync(modules, join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  const out = join(dir, generator.name, 'generated');
  mkdirSync(out, { recursive: true });
  const made = await node([join(modules, generator.bin), ...generator.args(spec, out)]);
  if (made.code !== 0)
    throw new Error(`${generator.name} exited ${made.code}:\n${made.stdout}\n${made.stderr}`);
  if (steps) {
    cpSync(join(CLIENTS, 'flow.ts'), join(dir, 'flow.ts'));
    cpSync(join(CLIENTS, generator.name, 'steps.ts'), join(dir, generator.name, 'steps.ts'));
  }
  return project;
}

/** tsc in strict mode over the project: the error lines, none when it compiles. */
export async function typecheck(project: Project): Promise<string[]> {
  const result = await project.node([TSC, '-p', 'tsconfig.json']);
  return `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
}

/** The generated source line each of tsc's error lines points at (`file(line,column): error …`). */
export function errorSources(project: Project, errors: readonly string[]): string[] {
  return errors.map((error) => {
    const at = /^(.+?)\((\d+),\d+\): error TS\d+/.exec(error.trim());
    if (at === null) throw new Error(`not an error of a file: ${error}`);
    const [, file = '', line = ''] = at;
    return readFileSync(join(project.dir, file), 'utf8').split('\n')[Number(line) - 1] ?? '';
  });
}

/** One answer the steps kept: the operation, its status and its body. */
export interface Answer {
  operationId: string;
  status: number;
  body: unknown;
}

/** Runs `<name>/steps.ts` against the mock at `url`; the answers it printed, or the error it stopped with. */
export async function runSteps(project: Project, generator: Generator, url: string): Promise<Answer[]> {
  const result = await project.node(['--import', TSX, join(generator.name, 'steps.ts')], { MOCK_URL: url });
  const line = result.stdout.split('\n').find((text) => text.startsWith('{"answers":'));
  if (result.code !== 0 || line === undefined) {
    throw new Error(`${generator.name}'s steps exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
  return (JSON.parse(line) as { answers: Answer[] }).answers;
}
