/**
 * One instance of the mock's CLI (`video-api-mock`) run from its sources, kept in the PostgreSQL
 * database at `databaseUrl` with its bytes in `dataDir`: what an operator runs N of behind a load
 * balancer. Uploads are stored, not transcoded, so any bytes make a source file.
 */
import { fileURLToPath } from 'node:url';
import { type ServedProcess, serveProcess, sourceArgs } from '@video-api/test-support';

/** This package's folder: the processes' working folder (where `--import tsx` resolves). */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const MOCK_BIN = fileURLToPath(
  new URL('../node_modules/@video-api/mock-server/src/node/bin.ts', import.meta.url),
);

/** The tokens every instance accepts: two accounts, so the contract suite can tell owner-only access. */
export const TOKEN = 'mock-token';
export const OTHER_TOKEN = 'other-token';

export interface InstanceOptions {
  databaseUrl: string;
  /** The folder every instance shares (uploads, renditions). */
  dataDir: string;
  /** Further flags (`--reading`, `--processing-ms`, …). */
  args?: string[];
  /** Port to listen on (default 0: a free one). */
  port?: number;
  /** What its output says once it listens; group 1 is its URL (default: `listening on <url>`). */
  ready?: RegExp;
  timeoutMs?: number;
  /** Send its stderr (the log lines) to this file instead of the pipe `output()` reads. */
  stderrFile?: string;
}

export interface Instance extends ServedProcess {
  /** `127.0.0.1:<port>`, as nginx names it in X-Upstream. */
  upstream: string;
  pid: number;
}

/**
 * Starts one instance and resolves once it listens. It logs JSON lines at `info` (one per request),
 * so a test can count what each instance served.
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const args = [
    ...sourceArgs(MOCK_BIN),
    ...['--port', String(options.port ?? 0), '--host', '127.0.0.1'],
    ...['--database-url', options.databaseUrl, '--data-dir', options.dataDir],
    ...['--token', TOKEN, '--token', OTHER_TOKEN],
    ...['--log-level', 'info', '--log-format', 'json', '--transcode', 'off'],
    ...(options.args ?? []),
  ];
  // `exec` keeps the pid the node process's own: kill -9 and `alive()` reach the mock itself
  const [command, commandArgs] = options.stderrFile
    ? ['/bin/sh', ['-c', 'exec "$@" 2>"$0"', options.stderrFile, process.execPath, ...args]]
    : [process.execPath, args];
  const served = await serveProcess(command, commandArgs, {
    cwd: PACKAGE_DIR,
    ready: options.ready,
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  return { ...served, upstream: new URL(served.url).host, pid: served.child.pid as number };
}

/** How many requests an instance logged as served (its `"msg":"request"` lines). */
export function servedCount(instance: Instance): number {
  return instance
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"')).length;
}

/** kill -9 of the instance's process: no drain, no goodbye. Resolves once it is gone. */
export async function killNine(instance: Instance): Promise<void> {
  const gone = new Promise<void>((resolve) => {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) resolve();
    else instance.child.once('exit', () => resolve());
  });
  process.kill(instance.pid, 'SIGKILL');
  await gone;
}
