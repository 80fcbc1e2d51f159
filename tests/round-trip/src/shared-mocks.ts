/**
 * The installed mock as one mock of several processes (issue 36): `count` instances of a project's
 * own mock bin on one fresh PostgreSQL database (`--database-url`) and one shared `--data-dir`,
 * each run by the given Node binary. `stop()` ends every process, drops the database and removes
 * the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type ServedProcess, serveProcess } from '@video-api/test-support';

export interface SharedMocksOptions {
  /** The mock's bin (`node_modules/@video-api/mock-server/dist/node/bin.js`) or its `.bin` link. */
  bin: string;
  /** The project that installed it. */
  cwd: string;
  count: number;
  /** The Node binary that runs each instance (default this process's). */
  node?: string;
  /** More flags for every instance (e.g. `--log-level info`). */
  args?: string[];
  /** Environment variables over the test's own (e.g. a PATH with no ffmpeg in it). */
  env?: Record<string, string>;
}

export interface SharedMocks {
  /** In start order; `url` is each one's base URL. */
  instances: ServedProcess[];
  /** What each instance printed (for assertion messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the instances one after another (the first migrates the database).
 *
 * @example
 * const mocks = await startSharedMocks({ bin, cwd: project.dir, count: 2 });
 * await fetch(`${mocks.instances[1].url}/readyz`);
 * await mocks.stop();
 */
export async function startSharedMocks(options: SharedMocksOptions): Promise<SharedMocks> {
  const { bin, cwd, count, node = process.execPath, args = [], env } = options;
  const database = await createTestDatabase('round_trip_shared');
  const dataDir = mkdtempSync(join(tmpdir(), 'video-api-shared-'));
  const instances: ServedProcess[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let n = 0; n < count; n++) {
      const shared = ['--database-url', database.url, '--data-dir', dataDir];
      const flags = ['--port', '0', '--host', '127.0.0.1', ...shared, ...args];
      instances.push(await serveProcess(node, [bin, ...flags], { cwd, ...(env ? { env } : {}) }));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    instances,
    output: () => instances.map((instance, n) => `instance ${n + 1}:\n${instance.output()}`).join('\n'),
    stop,
  };
}
