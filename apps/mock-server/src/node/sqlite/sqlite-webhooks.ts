/**
 * The webhook ledger of a data dir (src/webhooks/ledger.ts): targets and the deliveries not yet
 * acknowledged (or given up) in the store's own SQLite database, so a restart, even after a
 * SIGKILL, resumes them. Each write is committed (and synced, `synchronous = FULL`) on return.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { StoredDelivery, StoredTarget, WebhookLedger } from '../../webhooks/ledger.js';

/**
 * Creates the tables if needed and returns the ledger.
 *
 * @example
 * const ledger = sqliteWebhookLedger(db);
 * ledger.enqueue([delivery]); // committed
 */
export function sqliteWebhookLedger(db: BetterSqlite3.Database): WebhookLedger {
  db.exec(`
    CREATE TABLE IF NOT EXISTS webhook_targets (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, target TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS webhook_deliveries (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, target_id TEXT NOT NULL, delivery TEXT NOT NULL);
  `);
  const listTargets = db.prepare<[], { target: string }>('SELECT target FROM webhook_targets ORDER BY seq');
  const putTarget = db.prepare<[{ id: string; target: string }]>(
    'INSERT INTO webhook_targets (id, target) VALUES (@id, @target) ON CONFLICT(id) DO UPDATE SET target = excluded.target',
  );
  const deleteTarget = db.prepare<[string]>('DELETE FROM webhook_targets WHERE id = ?');
  const deleteDeliveriesOf = db.prepare<[string]>('DELETE FROM webhook_deliveries WHERE target_id = ?');
  const listDeliveries = db.prepare<[], { delivery: string }>(
    'SELECT delivery FROM webhook_deliveries ORDER BY seq',
  );
  const insert = db.prepare<[{ key: string; targetId: string; delivery: string }]>(
    'INSERT OR REPLACE INTO webhook_deliveries (key, target_id, delivery) VALUES (@key, @targetId, @delivery)',
  );
  const update = db.prepare<[{ key: string; delivery: string }]>(
    'UPDATE webhook_deliveries SET delivery = @delivery WHERE key = @key',
  );
  const remove = db.prepare<[string]>('DELETE FROM webhook_deliveries WHERE key = ?');
  const enqueue = db.transaction((deliveries: StoredDelivery[]) => {
    for (const delivery of deliveries) {
      insert.run({ key: delivery.key, targetId: delivery.targetId, delivery: JSON.stringify(delivery) });
    }
  });
  const dropTarget = db.transaction((id: string) => {
    deleteDeliveriesOf.run(id);
    deleteTarget.run(id);
  });
  return {
    targets: () => listTargets.all().map((row) => JSON.parse(row.target) as StoredTarget),
    putTarget: (target) => {
      putTarget.run({ id: target.id, target: JSON.stringify(target) });
    },
    deleteTarget: (id) => dropTarget(id),
    deliveries: () => listDeliveries.all().map((row) => JSON.parse(row.delivery) as StoredDelivery),
    enqueue: (deliveries) => enqueue(deliveries),
    update: (delivery) => {
      update.run({ key: delivery.key, delivery: JSON.stringify(delivery) });
    },
    remove: (key) => {
      remove.run(key);
    },
  };
}
