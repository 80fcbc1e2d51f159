/**
 * The Node platform of the mock: PostgreSQL for a database URL, SQLite for a data dir (else memory), uploads on disk (the data
 * dir's folders, else a temporary folder), busboy on the raw request, hls.js for the console's
 * player where it is installed (an optional peer), webhook deliveries through a fetch that checks
 * every resolved address at connect time, log lines to stderr (batched, ./log-writer.ts),
 * Prometheus metrics (./metrics/).
 */
import type { Platform } from '../platform.js';
import { createMemoryStore } from '../state/memory-store.js';
import { createSharedDispatcher } from '../webhooks/shared-dispatcher.js';
import { playerScript } from './assets/player-script.js';
import { stderrLines } from './log-writer.js';
import { prometheusMetrics } from './metrics/prometheus.js';
import { databaseOf } from './postgres/database-of.js';
import { createPostgresStore } from './postgres/postgres-store.js';
import { postgresWebhookJobs } from './postgres/postgres-webhooks.js';
import { createSqliteStore, webhookLedgerOf } from './sqlite/sqlite-store.js';
import { diskSink } from './uploads/disk-sink.js';
import { receiveNodeUpload } from './uploads/receive-multipart.js';
import { createWebhookFetch } from './webhooks/webhook-fetch.js';

/**
 * @example
 * const app = createApp({ dataDir: './mock-data' }, nodePlatform());
 */
export function nodePlatform(): Platform {
  return {
    openStore(options) {
      if (options.databaseUrl !== undefined)
        return createPostgresStore(databaseOf(options), options.stateName);
      return options.dataDir === undefined ? createMemoryStore() : createSqliteStore(options.dataDir);
    },
    openSink: (options) => diskSink(options.dataDir, options.databaseUrl !== undefined),
    webhookLedger: webhookLedgerOf,
    openWebhooks: (options, given) =>
      options.databaseUrl === undefined
        ? undefined
        : createSharedDispatcher({
            ...given,
            jobs: postgresWebhookJobs(databaseOf(options), options.stateName),
          }),
    webhookFetch: (allow) => createWebhookFetch({ allow }),
    receive: receiveNodeUpload,
    playerScript: playerScript(),
    writeLog: stderrLines(),
    metrics: prometheusMetrics(),
  };
}
