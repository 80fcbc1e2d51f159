/**
 * Where the dispatcher keeps what must outlive a restart: registered targets and the deliveries
 * not yet acknowledged or given up. With `--data-dir` it is the store's SQLite database
 * (src/node/sqlite-webhooks.ts); elsewhere (memory, sandboxes) nothing is kept.
 */
import type { EventJob } from './types.js';

/** A target as kept: `fromOptions` ones come from `--webhook` and are matched again at start. */
export interface StoredTarget {
  id: string;
  url: string;
  secret: string;
  fromOptions: boolean;
}

/** One delivery of one event (one copy) to one target, pending or given up. */
export interface StoredDelivery {
  /** `<eventId>/<targetId>/<copy>`: unique. */
  key: string;
  targetId: string;
  copy: number;
  job: EventJob;
  /** Attempts made so far. */
  attempts: number;
  /** Virtual time of the first attempt, once made. */
  firstAt?: number;
  /** Virtual time the next attempt is due. */
  dueAt: number;
  status: 'pending' | 'given-up';
  /** Virtual time it was given up. */
  givenUpAt?: number;
  /** The last attempt's status or error. */
  lastStatus?: number;
  lastError?: string;
}

/** Write-through persistence: every call is committed when it returns. */
export interface WebhookLedger {
  targets(): StoredTarget[];
  putTarget(target: StoredTarget): void;
  /** Removes a target and its deliveries. */
  deleteTarget(id: string): void;
  /** Every delivery, in the order it was queued. */
  deliveries(): StoredDelivery[];
  /** Queues deliveries (last in order), replacing any with the same key. */
  enqueue(deliveries: StoredDelivery[]): void;
  /** Updates a delivery in place (its place in the order stays). */
  update(delivery: StoredDelivery): void;
  remove(key: string): void;
}

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
