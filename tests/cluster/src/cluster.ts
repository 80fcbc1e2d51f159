/**
 * Three instances of the mock on one PostgreSQL database and one shared data folder, behind nginx
 * round-robin: the topology issue 36 asks the mock to run as. `stop()` ends what it started and
 * removes the folder; the database is the caller's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StartedNginx, startNginx } from '@video-api/test-support';
import { type Instance, startInstance } from './instance.js';

export interface Cluster {
  instances: Instance[];
  lb: StartedNginx;
  /** nginx's base URL. */
  url: string;
  /** The database every instance is kept in. */
  databaseUrl: string;
  dataDir: string;
  /** Milliseconds from the first spawn to all instances listening. */
  startMs: number;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  /** Flags every instance gets. */
  args?: string[];
  /** Instances (default 3). */
  count?: number;
}

/**
 * Starts the instances at once (their migrations race for the advisory lock), then nginx over them.
 *
 * @example
 * const cluster = await startCluster({ databaseUrl: db.url, args: ['--processing-ms', '0'] });
 * await fetch(`${cluster.url}/readyz`);
 * await cluster.stop();
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'video-api-cluster-'));
  const began = performance.now();
  const started = await Promise.allSettled(
    Array.from({ length: options.count ?? 3 }, () =>
      startInstance({ databaseUrl: options.databaseUrl, dataDir, args: options.args }),
    ),
  );
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  const stopInstances = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (failed) {
    await stopInstances();
    throw failed.reason;
  }
  const startMs = performance.now() - began;
  let lb: StartedNginx;
  try {
    lb = await startNginx({ upstreams: instances.map((instance) => instance.upstream) });
  } catch (error) {
    await stopInstances();
    throw error;
  }
  return {
    instances,
    lb,
    url: lb.url,
    databaseUrl: options.databaseUrl,
    dataDir,
    startMs,
    async stop() {
      await lb.stop();
      await stopInstances();
    },
  };
}
