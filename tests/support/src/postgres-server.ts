/**
 * The PostgreSQL server the tests use, found once per process: VIDEO_API_TEST_DATABASE_URL when set,
 * else the machine's own at 127.0.0.1:5432, else a throwaway cluster started here (installing
 * Debian's `postgresql` first if needed), kept until the process exits. Never a skip.
 */
import { startOwnCluster } from './postgres-cluster.js';
import { answers, queryOnce } from './postgres-query.js';

const TEST_DATABASE_URL_ENV = 'VIDEO_API_TEST_DATABASE_URL';

/** The server found: an administrative URL (to its `postgres` database) and where it came from. */
export interface TestDatabaseServer {
  url: string;
  source: 'env' | 'machine' | 'throwaway';
}

/** The machine's own server, tried as `root` (trust auth for the OS user) then as `postgres`. */
const MACHINE_URLS = [
  'postgres://root@127.0.0.1:5432/postgres',
  'postgres://postgres@127.0.0.1:5432/postgres',
];

/**
 * Finds the server as `testDatabaseServer` does, trying `machineUrls` for the machine's own (tests
 * pass URLs that refuse, to take the throwaway path on a machine that has a server).
 */
export async function locateServer(machineUrls = MACHINE_URLS): Promise<TestDatabaseServer> {
  const fromEnv = process.env[TEST_DATABASE_URL_ENV];
  if (fromEnv) {
    try {
      await queryOnce(fromEnv, 'select 1', { timeoutMs: 10_000 });
    } catch (error) {
      const shown = fromEnv.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
      throw new Error(`${TEST_DATABASE_URL_ENV}=${shown} does not answer: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return { url: fromEnv, source: 'env' };
  }
  for (const url of machineUrls) {
    if (await answers(url)) return { url, source: 'machine' };
  }
  console.warn('[test-support] no PostgreSQL answers at 127.0.0.1:5432: starting a throwaway cluster');
  const cluster = await startOwnCluster(); // stopped and removed when the process exits
  return { url: cluster.url, source: 'throwaway' };
}

let found: Promise<TestDatabaseServer> | undefined;

/**
 * Where the tests' PostgreSQL is (memoised per process; a failure is not remembered).
 *
 * @example
 * const { url } = await testDatabaseServer(); // e.g. postgres://root@127.0.0.1:5432/postgres
 */
export function testDatabaseServer(): Promise<TestDatabaseServer> {
  if (!found) {
    found = locateServer();
    found.catch(() => {
      found = undefined;
    });
  }
  return found;
}
