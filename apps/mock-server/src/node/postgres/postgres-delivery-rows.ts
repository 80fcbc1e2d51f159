/**
 * A webhook delivery as a row of `mock_webhook_deliveries` (src/node/postgres/postgres-webhooks.ts)
 * and as the dispatcher keeps it (src/webhooks/ledger.ts): a held delivery (`reordered`, its
 * window not yet over) is waiting, as in memory mode.
 */
import type { StoredDelivery } from '../../webhooks/ledger.js';
import type { EventJob } from '../../webhooks/types.js';

export interface DeliveryRow {
  key: string;
  target_id: string;
  copy: number;
  job: EventJob;
  attempts: number;
  first_at: string | null;
  due_at: string;
  status: 'pending' | 'held' | 'given-up';
  given_up_at: string | null;
  last_status: number | null;
  last_error: string | null;
}

/** A row as the dispatcher keeps a delivery (bigint columns arrive as text). */
export function deliveryOf(row: DeliveryRow): StoredDelivery {
  return {
    key: row.key,
    targetId: row.target_id,
    copy: row.copy,
    job: row.job,
    attempts: row.attempts,
    ...(row.first_at !== null && { firstAt: Number(row.first_at) }),
    dueAt: Number(row.due_at),
    status: row.status === 'given-up' ? 'given-up' : 'pending', // held: waiting, as in memory
    ...(row.given_up_at !== null && { givenUpAt: Number(row.given_up_at) }),
    ...(row.last_status !== null && { lastStatus: row.last_status }),
    ...(row.last_error !== null && { lastError: row.last_error }),
  };
}
