/**
 * `video-api-mock worker`: a process of a shared mock (`--database-url`) that serves no HTTP and
 * takes the mock's work from the database: webhook deliveries (jobs under a lease, src/webhooks/
 * shared-dispatcher.ts) and, where ffmpeg is (`--transcode auto|on`), transcodes (src/node/
 * transcode/shared-processor.ts), so transcoding scales out. Run as many as the work
 * needs beside the instances behind the load balancer; each stops on SIGTERM, giving its leases back.
 * A worker takes the jobs of every state: the default one and each sandbox the database holds
 * (./sandbox-follower.ts), so a sandbox's deliveries go out although no instance of it runs.
 */
import { OptionError } from '../../options.js';
import { createApp } from '../create-app.js';
import { parseCliArgs } from './cli-args.js';
import { followSandboxes } from './sandbox-follower.js';

/** How often a worker looks for sandboxes it does not take the jobs of yet (ms). */
const SANDBOX_LOOK_MS = 1000;

/** Flags that only an instance serving HTTP reads: refused, so a worker's command line says what it does. */
const SERVING_FLAGS = ['port', 'host'] as const;

/** Where the worker's state is, as its start line says it (never the credentials). */
function databaseOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/**
 * Runs the worker with `argv` (after `worker`); resolves once it has taken up the state. Throws an
 * OptionError for a command line it cannot run.
 *
 * @example
 * await runWorker(['--database-url', 'postgres://mock@db:5432/mock', '--data-dir', '/shared/mock']);
 */
export async function runWorker(
  argv: string[],
): Promise<{ database: string; stop(why: string): Promise<void> }> {
  const parsed = parseCliArgs(argv);
  const { options } = parsed;
  if (options.databaseUrl === undefined) {
    throw new OptionError(
      'worker: --database-url is required (a worker takes the work of the instances that share that database)',
    );
  }
  for (const flag of SERVING_FLAGS) {
    if (options[flag] !== undefined) {
      throw new OptionError(`worker: --${flag} is not accepted (a worker serves no HTTP)`);
    }
  }
  const { port: _, host: __, ...mockOptions } = options;
  const app = createApp(mockOptions);
  await app.mock.now(); // the state is taken up (the database answered, migrations applied)
  const stopFollowing = await followSandboxes(app.mock.sandboxes, SANDBOX_LOOK_MS, (line) =>
    process.stdout.write(line),
  );
  // The dispatcher's timers keep no process alive: this one does, until the worker stops.
  const alive = setInterval(() => {}, 2 ** 30);
  let stopping: Promise<void> | undefined;
  return {
    database: databaseOf(options.databaseUrl),
    stop(why) {
      stopping ??= (async () => {
        process.stdout.write(`${why}: giving the leases back and closing\n`);
        clearInterval(alive);
        stopFollowing();
        await app.mock.close();
      })();
      return stopping;
    },
  };
}
