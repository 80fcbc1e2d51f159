/**
 * Where the dispatcher keeps what must outlive a restart: registered targets and the deliveries
 * not yet acknowledged or given up. With `--data-dir` it is the store's SQLite database
 * (src/node/sqlite/sqlite-webhooks.ts); elsewhere (memory, sandboxes) nothing is kept.
 */
import type { WebhookLedger } from './types.js';

export type { StoredDelivery, StoredTarget, WebhookLedger } from './types.js';

/** The ledger of a mock without a data dir: keeps nothing. */
export const NO_LEDGER: WebhookLedger = {
  targets: () => [],
  putTarget: () => {},
  deleteTarget: () => {},
  deliveries: () => [],
  enqueue: () => {},
  update: () => {},
  remove: () => {},
};
