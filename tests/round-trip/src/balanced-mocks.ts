/**
 * The installed mock as a team runs it for many pipelines (issue 36): `count` processes of a
 * project's own `video-api-mock` bin on one fresh PostgreSQL database and one shared data folder,
 * behind nginx round-robin. Each logs JSON lines at `info` (one per request served) to the output
 * `served()` counts. `stop()` ends every process, drops the database and removes the folder.
 */
import { type StartedNginx, startNginx } from '@video-api/test-support';
import { startSharedMocks } from './shared-mocks.js';

export interface BalancedMocks {
  /** nginx's port: where a client of the mock is pointed. */
  port: number;
  /** How many requests each instance logged as served, in start order. */
  served(): number[];
  /** What each instance printed (for assertion messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the instances one after another (the first migrates the database), then nginx over them.
 *
 * @example
 * const mocks = await startBalancedMocks(join(app.dir, 'node_modules/.bin/video-api-mock'), app.dir, 3);
 * await fetch(`http://127.0.0.1:${mocks.port}/readyz`);
 * await mocks.stop();
 */
export async function startBalancedMocks(bin: string, cwd: string, count: number): Promise<BalancedMocks> {
  const logs = ['--log-level', 'info', '--log-format', 'json'];
  const mocks = await startSharedMocks({ bin, cwd, count, args: logs });
  let lb: StartedNginx | undefined;
  const stop = async () => {
    await lb?.stop();
    await mocks.stop();
  };
  try {
    lb = await startNginx({ upstreams: mocks.instances.map((instance) => new URL(instance.url).host) });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port: lb.port,
    served: () =>
      mocks.instances.map(
        (instance) =>
          instance
            .output()
            .split('\n')
            .filter((line) => line.includes('"msg":"request"')).length,
      ),
    output: mocks.output,
    stop,
  };
}
