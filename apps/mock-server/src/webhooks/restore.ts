/**
 * The targets a dispatcher starts with: those registered before a restart (kept in the ledger),
 * and those of the start options, each matched by URL (and secret, when given) to the one it was
 * before, so its id, secret and pending deliveries carry over. A kept target of the options that
 * the options no longer name is removed, with a warn entry when deliveries were waiting for it.
 */
import type { StoredDelivery, StoredTarget, WebhookLedger } from './ledger.js';
import { generatedSecret } from './secret.js';
import type { WebhookLogEntry } from './types.js';

/**
 * @example
 * restoreTargets(ledger, [{ url: 'http://127.0.0.1:9000/hooks' }], log);
 * // { targets: [{ id: 'wh_1', … }], deliveries: [...pending and given up, in order], lastNumber: 1 }
 */
export function restoreTargets(
  ledger: WebhookLedger,
  fromOptions: ReadonlyArray<{ url: string; secret?: string }>,
  log: (entry: WebhookLogEntry) => void,
): { targets: StoredTarget[]; deliveries: StoredDelivery[]; lastNumber: number } {
  const kept = ledger.targets();
  let lastNumber = Math.max(0, ...kept.map((target) => Number(target.id.slice(3)) || 0));
  const targets = kept.filter((target) => !target.fromOptions);
  const unclaimed = kept.filter((target) => target.fromOptions);
  for (const wanted of fromOptions) {
    const index = unclaimed.findIndex(
      (target) =>
        target.url === wanted.url && (wanted.secret === undefined || wanted.secret === target.secret),
    );
    if (index >= 0) {
      targets.push(...unclaimed.splice(index, 1));
      continue;
    }
    lastNumber += 1;
    const target = {
      id: `wh_${lastNumber}`,
      url: wanted.url,
      secret: wanted.secret ?? generatedSecret(),
      fromOptions: true,
    };
    ledger.putTarget(target);
    targets.push(target);
  }
  const deliveries = ledger.deliveries();
  for (const gone of unclaimed) {
    const waiting = deliveries.filter((delivery) => delivery.targetId === gone.id).length;
    if (waiting > 0) {
      log({
        level: 'warn',
        msg: `webhook target ${gone.id} (${gone.url}) is no longer in the start options: ${waiting} kept deliveries dropped`,
      });
    }
    ledger.deleteTarget(gone.id);
  }
  const ids = new Set(targets.map((target) => target.id));
  return { targets, deliveries: deliveries.filter((delivery) => ids.has(delivery.targetId)), lastNumber };
}
