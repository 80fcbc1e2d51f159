/**
 * The deliveries of a state that several processes share (a database: src/node/postgres/
 * postgres-webhooks.ts) as jobs: targets and deliveries live in the store, and any process takes a
 * delivery that came due under a lease, attempts it, and settles it. What the shared dispatcher
 * (./shared-dispatcher.ts) needs of such a store; every method is one transaction.
 */
import type { StoredDelivery, StoredTarget } from './ledger.js';
import type { DeliveryRecord, EventJob } from './types.js';

/** A delivery this process holds under a lease, with its target. */
export interface ClaimedDelivery extends StoredDelivery {
  url: string;
  secret: string;
}

/** How an attempt of a claimed delivery ended, as the queue keeps it. */
export type Settlement =
  /** Acknowledged: the delivery is gone. */
  | { kind: 'delivered' }
  /** Failed: tried again at `dueAt` (virtual), after those of its target queued before it. */
  | { kind: 'retry'; delivery: StoredDelivery }
  /** Given up: kept (status `given-up`) until redelivered or its target is removed. */
  | { kind: 'given-up'; delivery: StoredDelivery }
  /** Not attempted to the end (this process closes): the lease is given back, nothing counted. */
  | { kind: 'released' };

/** A given-up delivery forgotten because more than the cap (MAX_GIVEN_UP) were kept, oldest first. */
export interface Forgotten {
  key: string;
  eventId: string;
}

/** How `enqueue` shapes what it inserts. */
export interface EnqueueOptions {
  /** Most deliveries waiting per target (default 10,000, as the memory dispatcher's). */
  maxQueue?: number;
  /** Held this long (real ms) before they are taken, then in a shuffled order (`reordered`). */
  holdMs?: number;
}

/** What `enqueue` did: how many deliveries it inserted, and the events a full target refused. */
export interface Enqueued {
  queued: number;
  refused: Array<{ targetId: string; eventId: string }>;
}

/** A delivery kept in the queue (pending or given up), and whether a process holds it now. */
export interface KeptDelivery {
  delivery: StoredDelivery;
  url: string;
  leased: boolean;
}

/** The jobs of one state in a store several processes share. */
export interface WebhookJobs {
  /** The targets, in the order they were registered. */
  targets(): Promise<StoredTarget[]>;
  /** Adds a target; false when it is one of the start options whose URL is kept already. */
  addTarget(target: StoredTarget): Promise<boolean>;
  /** Removes a target and its deliveries; false when there was none. */
  deleteTarget(id: string): Promise<boolean>;
  /**
   * Queues the deliveries of `jobs` (in order) to every target kept now, `copies[i]` copies of
   * `jobs[i]` each, due at `dueAt` (virtual ms); an event whose copies do not fit under
   * `maxQueue` waiting deliveries of a target is refused for that target. With `holdMs`
   * (`webhook-delivery=reordered`) they are held for that long (real time), then taken in a
   * shuffled order.
   */
  enqueue(jobs: EventJob[], copies: number[], dueAt: number, options?: EnqueueOptions): Promise<Enqueued>;
  /**
   * The same, written in the transaction of the store write running now (called synchronously
   * from a store update's change, src/state/video-store.ts): the event and the change it tells of
   * are committed together, or neither. False when no write of this state runs now (then
   * `enqueue`); `done` is called once that write committed (or failed: with undefined).
   */
  stage?(
    jobs: EventJob[],
    copies: number[],
    dueAt: number,
    options: EnqueueOptions,
    done: (enqueued: Enqueued | undefined) => void,
  ): boolean;
  /**
   * Takes at most `limit` deliveries that came due at `now` (virtual ms), each the first of its
   * target's queue that no lease holds, under a lease of `leaseMs` (real time): no other process
   * takes them until it ends.
   */
  claim(now: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /**
   * Keeps how an attempt of a claimed delivery ended and the record of the attempt (the most
   * recent `keep` records are kept), in one transaction; `held` false when the lease was lost
   * meanwhile. With `next`, when the delivery leaves its target's queue (delivered, given up), the
   * next delivery of that target is taken too if it came due at `next.now` (under a lease of
   * `next.leaseMs`), so a target's deliveries follow one another without a claim each.
   */
  settle(
    key: string,
    settlement: Settlement,
    attempt: Omit<DeliveryRecord, 'id'>,
    keep: number,
    next?: { now: number; leaseMs: number },
  ): Promise<{ held: boolean; next?: ClaimedDelivery; forgotten?: Forgotten[] }>;
  /** Gives back every lease this queue holds (a drain); resolves to how many. */
  releaseAll(): Promise<number>;
  /** Pending deliveries (per target, in queue order) and given-up ones (oldest first). */
  kept(): Promise<KeptDelivery[]>;
  /** How many deliveries wait and how many were given up. */
  counts(): Promise<{ pending: number; givenUp: number }>;
  /** Queues the given-up deliveries `keys` again, last in their targets' queues, due at `now`. */
  redeliver(keys: string[], now: number): Promise<void>;
  /** The most recent `limit` attempt records, oldest first. */
  records(limit: number): Promise<DeliveryRecord[]>;
  /**
   * Calls `listener` when another process changed the targets (`targets`; also after a lost
   * connection came back: anything may have changed) or queued or released deliveries.
   */
  watch(listener: (what: 'targets' | 'deliveries') => void): () => void;
  close(): Promise<void>;
}
