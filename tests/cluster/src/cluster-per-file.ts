/**
 * A test file's cluster: a database of its own on the tests' PostgreSQL and three instances on it
 * behind nginx, started before the file's tests and ended (the database dropped) after them.
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll } from 'vitest';
import { type Cluster, startCluster } from './cluster.js';

/**
 * Registers the hooks; the returned function gives the cluster inside a test.
 *
 * @example
 * const cluster = clusterPerFile('cluster_flow', ['--processing-ms', '0']);
 * it('…', async () => fetch(`${cluster().url}/readyz`));
 */
export function clusterPerFile(prefix: string, args: string[] = []): () => Cluster {
  let db: TestDatabase | undefined;
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(prefix);
    cluster = await startCluster({ databaseUrl: db.url, args });
  });
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
  });
  return () => {
    if (!cluster) throw new Error('the cluster is not started (use it inside a test)');
    return cluster;
  };
}
