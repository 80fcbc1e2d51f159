/**
 * The `video-api-mock` command: starts the mock with embedded defaults, prints the base URL, the
 * token, the docs URL and a curl example, and closes (the temporary upload folder is removed) on
 * SIGINT, SIGTERM or SIGHUP, or when the process that started it exits (unless --outlive-parent).
 */

import type { ReadingChoice } from '@video-api/schema';
import { ADMIN_PREFIX } from '../../http/operations.js';
import { DEFAULT_TOKEN, OptionError } from '../../options.js';
import { watchParent } from '../process/parent-watch.js';
import { type ServerOptions, startServer } from '../server/server.js';
import { inFlagTerms, parseCliArgs, USAGE } from './cli-args.js';
import { describeTwin } from './readings-from.js';
import { runWorker } from './worker.js';

/** Why the server could not start, in the CLI's terms (flags, not option names). */
function startFailure(error: unknown, options: { port?: number; host?: string }): string {
  if (error instanceof OptionError) return inFlagTerms(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${options.host ?? '127.0.0.1'}:${options.port ?? 4010}`;
  if (code === 'EADDRINUSE')
    return `--port: ${where} is already in use (choose another port, or 0 for a free one)`;
  if (code === 'EACCES') return `--port: ${where} may not be bound by this user (choose a port above 1023)`;
  if (code === 'EADDRNOTAVAIL') return `--host: "${options.host}" is not an address of this machine`;
  return (error as Error).message;
}

/** The readings chosen by `--reading` (none when `--readings random`). */
const readingFlags = (readings: ServerOptions['readings']) =>
  typeof readings === 'object' ? (readings as ReadingChoice) : {};

/**
 * Runs the CLI with `argv` (without node and script); resolves once the server listens.
 *
 * @example
 * await main(['--port', '4010', '--token', 'secret']);
 */
/** Longest the CLI waits, on SIGTERM, for the requests in flight to finish (Ctrl-C ends them at once). */
const DRAIN_MS = 10_000;

/** Where the state lives, as the start banner says it (a database URL without its credentials). */
function stateLine({ dataDir, databaseUrl }: { dataDir?: string; databaseUrl?: string }): string {
  if (databaseUrl !== undefined) {
    const url = new URL(databaseUrl);
    const bytes =
      dataDir ?? 'a temporary folder of this instance (give --data-dir a folder all instances share)';
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}, shared by every instance with this URL; uploads in ${bytes}`;
  }
  return dataDir ?? 'in memory (uploads in a temporary folder removed on exit)';
}

export async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'worker') return worker(argv.slice(1));
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    process.stderr.write(`video-api-mock: ${error.message}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  ignoreClosedOutput();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(parsed.options);
  } catch (error) {
    process.stderr.write(`video-api-mock: ${startFailure(error, parsed.options)}\n`);
    process.exit(error instanceof OptionError ? 2 : 1);
  }
  const token = parsed.options.tokens?.[0] ?? DEFAULT_TOKEN;
  const admin =
    parsed.options.admin === false
      ? 'off'
      : `${server.url}${ADMIN_PREFIX}/ (spec: ${server.url}${ADMIN_PREFIX}/openapi.json)`;
  process.stdout.write(
    [
      `video-api mock listening on ${server.url}`,
      `  token:    ${token}${parsed.options.tokens ? '' : ' (the default; set others with --token)'}`,
      ...(parsed.options.admin === false
        ? []
        : [
            `  console:  ${server.url}/ (the unknowns and the readings playing, journal, videos, webhooks, faults)`,
          ]),
      `  docs:     ${server.url}/docs`,
      `  spec:     ${server.url}/openapi.json`,
      `  admin:    ${admin}`,
      `  state:    ${stateLine(parsed.options)}`,
      ...(parsed.readingsFrom !== undefined && parsed.options.readingsFrom !== undefined
        ? describeTwin(
            parsed.readingsFrom,
            parsed.options.readingsFrom,
            readingFlags(parsed.options.readings),
          )
        : []),
      '  try:',
      `    curl -s -X POST ${server.url}/api/v1/videos -H 'Authorization: Bearer ${token}' \\`,
      `      -H 'Content-Type: application/json' -d '{"projectKey":"demo","videos":[{"title":"Hello"}]}'`,
      '',
    ].join('\n'),
  );
  let closing = false;
  const stop = (why: string, drainMs = 0) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`\n${why}: closing\n`);
    server.close({ drainMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`video-api-mock: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  // A rolling restart: /readyz says draining, the requests in flight finish (at most DRAIN_MS).
  process.on('SIGTERM', () => stop('SIGTERM', DRAIN_MS));
  if (parsed.outliveParent) {
    process.on('SIGHUP', () => {}); // its terminal closing does not end it either
  } else {
    process.on('SIGHUP', () => stop('SIGHUP'));
    watchParent((pid) => stop(`the process that started it (${pid}) exited`));
  }
}

/** `video-api-mock worker …`: the work of a shared mock without HTTP, until a signal. */
async function worker(argv: string[]): Promise<void> {
  if (argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  ignoreClosedOutput();
  let running: Awaited<ReturnType<typeof runWorker>>;
  try {
    running = await runWorker(argv);
  } catch (error) {
    process.stderr.write(`video-api-mock: ${startFailure(error, {})}\n`);
    process.exit(error instanceof OptionError ? 2 : 1);
  }
  process.stdout.write(
    `video-api-mock worker on PostgreSQL at ${running.database}: taking webhook deliveries and transcodes (no HTTP)\n`,
  );
  const stop = (why: string) =>
    running.stop(why).then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`video-api-mock: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
}

/**
 * Output whose reader is gone (the parent that held the pipe was killed) fails with EPIPE: that
 * must not end the mock before it has closed and removed its temporary folder.
 */
function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    });
  }
}
