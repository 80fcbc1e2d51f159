/**
 * The webhook dispatcher of a state several processes share (a database): targets and deliveries
 * live in the store's job queue (./job-queue.ts), so a target registered through any process is
 * every process's, and each delivery is a job that any process (an instance or a worker) takes
 * under a lease, attempts and settles. Each target still receives its events in order, retries
 * follow the virtual clock, an event keeps its id across attempts and processes, and a delivery
 * held by a process that died is taken again when its lease ends. What the synchronous methods
 * show is this process's copy of the store, brought up to date by `sync()` (the admin API calls it).
 */
import { createRandom, toSeed } from '../shared/prng.js';
import { retryPolicy } from './backoff.js';
import { attemptClaimed } from './claimed-attempt.js';
import { DEFAULT_MAX_QUEUE } from './constants.js';
import { checkedRegistration, dispatching, eventJob } from './event-job.js';
import { eventQueueing, retried, sleep } from './event-queueing.js';
import type { ClaimedDelivery, KeptDelivery, WebhookJobs } from './job-queue.js';
import type { StoredTarget } from './ledger.js';
import { generatedSecret } from './secret.js';
import { targetCheck } from './target-check.js';
import type {
  DeliveryRecord,
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookLogEntry,
} from './types.js';
import { givenUpView, matches, pendingView } from './views.js';

export interface SharedDispatcherOptions extends WebhookDispatcherOptions {
  jobs: WebhookJobs;
  /**
   * How long a taken delivery is held (real ms) before another process may take it again: longer
   * than an attempt may last. Default the attempt's time limit plus 20 s.
   */
  leaseMs?: number;
  /** How often the queue is looked at when nothing woke this process (real ms); default 1000. */
  pollMs?: number;
  /** Most attempts this process makes at once (each to another target); default 8. */
  concurrency?: number;
}

/** An id no other process gives: targets are registered through any of them. */
const targetId = () => `wh_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;

/**
 * @example
 * const webhooks = createSharedDispatcher({ jobs: postgresWebhookJobs(database, ''), readings, clock });
 * webhooks.register({ url: 'http://127.0.0.1:9000/hooks' });
 * await webhooks.sync(); // committed: every process delivers to it
 */
export function createSharedDispatcher(options: SharedDispatcherOptions): WebhookDispatcher {
  const { jobs } = options;
  const seed = toSeed(options.seed);
  const random = createRandom(seed);
  const clock = options.clock ?? { now: Date.now, realTime: true };
  const check = targetCheck(options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? timeoutMs + 20_000;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 8;
  const maxRecords = options.maxRecords ?? 1000;
  const log = (entry: WebhookLogEntry) => {
    try {
      options.log?.(entry);
    } catch {
      // A failing logger must not stop deliveries.
    }
  };

  const attempts = {
    fetch: options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init)),
    now: options.now ?? Date.now,
    clock,
    retry: retryPolicy(options.retry),
    timeoutMs,
    seed,
    refusal: check.literal,
    log,
  };
  let targets: StoredTarget[] = [];
  let kept: KeptDelivery[] = [];
  let records: DeliveryRecord[] = [];
  /** Registrations, removals and redeliveries not yet known committed (what `sync()` waits for). */
  const writes = new Set<Promise<unknown>>();
  /** Queueing and settling, awaited by `close()` and `idle()`. */
  const work = new Set<Promise<unknown>>();
  const inFlight = new Map<string, { controller: AbortController; targetId: string }>();
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let pumping: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let unavailable = false;

  /** Keeps `promise` in `set` until it settles (its failure is the one who awaits the set's). */
  const track = (set: Set<Promise<unknown>>, promise: Promise<unknown>): void => {
    set.add(promise);
    const done = () => set.delete(promise);
    promise.then(done, done);
  };

  const queueing = eventQueueing({
    jobs,
    clock,
    random,
    reorderWindowMs: options.reorderWindowMs ?? 500,
    maxQueue: options.maxQueue ?? DEFAULT_MAX_QUEUE,
    log,
    queued: () => void pump(),
  });

  /** Attempts one claimed delivery to its end and keeps how it ended. */
  async function attempt(claimed: ClaimedDelivery): Promise<void> {
    const controller = new AbortController();
    inFlight.set(claimed.key, { controller, targetId: claimed.targetId });
    const { settlement, entry } = await attemptClaimed(claimed, controller, {
      ...attempts,
      done: () => inFlight.delete(claimed.key),
    });
    const { key } = claimed;
    // Delivered or given up: the target's next delivery is taken in the same statement, if due.
    const next = closed ? undefined : { now: clock.now(), leaseMs };
    const kept = await retried(
      () => jobs.settle(key, settlement, entry, maxRecords, next),
      5,
      () => false,
    ).catch((error: unknown) => {
      log({
        level: 'warn',
        msg: 'webhook attempt not kept: another process takes it again',
        error: String(error),
      });
      return { held: true, next: undefined, forgotten: undefined };
    });
    for (const { key, eventId } of kept.forgotten ?? [])
      log({ level: 'warn', msg: 'given-up webhook event forgotten (too many kept)', key, eventId });
    if (!kept.held) log({ level: 'info', msg: 'webhook lease lost: another process took the delivery', key });
    if (settlement.kind === 'retry') wakeAt(settlement.delivery.dueAt);
    // taken while closing: its lease goes back with the others (close() releases them all)
    if (kept.next && !closed)
      track(
        work,
        attempt(kept.next).finally(() => void pump()),
      );
  }

  /** Takes what came due, as long as there is room and something to take. */
  function pump(): Promise<void> {
    if (closed) return Promise.resolve();
    if (pumping) {
      again = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        again = false;
        if (targets.length === 0 && inFlight.size === 0) break;
        let claimed: ClaimedDelivery[];
        try {
          claimed = await jobs.claim(clock.now(), concurrency - inFlight.size, leaseMs);
          if (unavailable) log({ level: 'info', msg: 'webhook deliveries go on: the store answers again' });
          unavailable = false;
        } catch (error) {
          if (!unavailable)
            log({ level: 'warn', msg: 'webhook deliveries wait for the store', error: String(error) });
          unavailable = true;
          break;
        }
        for (const delivery of claimed) {
          track(
            work,
            attempt(delivery).finally(() => void pump()),
          );
        }
        if (claimed.length > 0) again = true;
      } while (again && !closed && inFlight.size < concurrency);
    })().finally(() => {
      pumping = undefined;
      armPoll();
    });
    return pumping;
  }

  function armPoll(): void {
    if (pollTimer !== undefined) clearTimeout(pollTimer);
    pollTimer = undefined;
    if (closed) return;
    const timer: { unref?: () => void } = setTimeout(() => void pump(), pollMs);
    timer.unref?.();
    pollTimer = timer as ReturnType<typeof setTimeout>;
  }

  /** Looks again when a retry comes due by real time (sooner than the poll). */
  function wakeAt(dueAt: number): void {
    if (!clock.realTime) return;
    const timer: { unref?: () => void } = setTimeout(() => void pump(), Math.max(0, dueAt - clock.now()));
    timer.unref?.();
  }

  const refreshTargets = async () => {
    targets = await jobs.targets();
  };

  // The start options' targets once per URL (every instance names them), then what is kept.
  const started = retried(
    async () => {
      for (const wanted of options.targets ?? []) {
        const stored = {
          id: targetId(),
          url: wanted.url,
          secret: wanted.secret ?? generatedSecret(),
          fromOptions: true,
        };
        await jobs.addTarget(stored);
      }
      await refreshTargets();
    },
    Number.POSITIVE_INFINITY,
    () => closed,
  ).then(
    () => void pump(),
    () => {}, // closed before the store answered
  );
  const stopWatching = jobs.watch((what) => {
    if (closed) return;
    if (what === 'deliveries') return void pump();
    track(
      work,
      refreshTargets().then(
        () => pump(),
        () => {},
      ),
    );
  });

  const dispatcher: WebhookDispatcher = {
    register(target) {
      const { url, secret } = checkedRegistration(target, check);
      const stored = { id: targetId(), url, secret, fromOptions: false };
      targets = [...targets, stored];
      track(writes, jobs.addTarget(stored));
      return { id: stored.id, secret };
    },
    refusal: (url) => check.resolved(url),
    unregister(id) {
      if (!targets.some((target) => target.id === id)) return false;
      targets = targets.filter((target) => target.id !== id);
      kept = kept.filter(({ delivery }) => delivery.targetId !== id);
      for (const flying of inFlight.values()) {
        if (flying.targetId === id) flying.controller.abort(new Error('target unregistered'));
      }
      track(writes, jobs.deleteTarget(id));
      return true;
    },
    list: () => targets.map(({ id, url }) => ({ id, url })),
    dispatch(event, readingsOfEvent) {
      dispatching(event, log, () => {
        if (closed || targets.length === 0) return;
        const made = eventJob(event, readingsOfEvent ?? options.readings(), log);
        if (made === undefined) return;
        queueing.accept(made.job, made.delivery);
      });
    },
    deliveries: () => records.map((entry) => ({ ...entry })),
    pending: () =>
      kept
        .filter(({ delivery }) => delivery.status === 'pending')
        .map(({ delivery, url, leased }) => pendingView(delivery, url, leased)),
    givenUp: (filter = {}) =>
      kept
        .filter(({ delivery }) => delivery.status === 'given-up' && matches(delivery, filter))
        .sort((a, b) => (a.delivery.givenUpAt ?? 0) - (b.delivery.givenUpAt ?? 0))
        .map(({ delivery, url }) => givenUpView(delivery, url)),
    redeliver(filter) {
      if (filter.eventId === undefined && filter.targetId === undefined) {
        throw new RangeError('redeliver: name an eventId, a targetId or both');
      }
      const views = dispatcher.givenUp(filter);
      const chosen = kept.filter(
        ({ delivery }) => delivery.status === 'given-up' && matches(delivery, filter),
      );
      kept = kept.filter((entry) => !chosen.includes(entry));
      const keys = chosen.map(({ delivery }) => delivery.key);
      track(
        writes,
        jobs.redeliver(keys, clock.now()).then(() => pump()),
      );
      return views;
    },
    settle: () => void pump(),
    queued: () => queueing.queued(),
    async sync() {
      const results = await Promise.allSettled([...writes]);
      [targets, kept, records] = await Promise.all([jobs.targets(), jobs.kept(), jobs.records(maxRecords)]);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async counts() {
      // After the start's own queries (at most a second: a store away answers on its own)
      await Promise.race([started, sleep(1000)]);
      return jobs.counts();
    },
    async idle() {
      for (;;) {
        await Promise.allSettled([...writes, ...work, queueing.settled()]);
        if (inFlight.size === 0 && work.size === 0) {
          const { pending } = await jobs.counts();
          if (pending === 0) return;
        }
        await pump();
        await sleep(20);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      stopWatching();
      if (pollTimer !== undefined) clearTimeout(pollTimer);
      for (const { controller } of inFlight.values()) controller.abort(new Error('dispatcher closed'));
      await pumping;
      await queueing.settled();
      while (work.size > 0 || writes.size > 0) await Promise.allSettled([...work, ...writes]);
      const released = await jobs.releaseAll().catch(() => 0);
      if (released > 0) log({ level: 'info', msg: 'webhook leases given back', released });
      await jobs.close();
    },
  };
  return dispatcher;
}
