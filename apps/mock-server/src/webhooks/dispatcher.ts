/**
 * The webhook dispatcher (§6: "A webhook is offered as an alternative to polling for learning when
 * a video is ready"): registered targets, one delivery queue per target, retries on the virtual
 * clock, the deliveries given up (and redelivered on request), a record of every attempt. The
 * webhook readings are read at every dispatch; targets and pending deliveries are kept in a ledger.
 */

import { createRandom, toSeed } from '../shared/prng.js';
import type { EventSubscriber } from '../state/events.js';
import { retryPolicy } from './backoff.js';
import { DEFAULT_MAX_QUEUE, MAX_GIVEN_UP } from './constants.js';
import { checkedRegistration, dispatching, eventJob } from './event-job.js';
import { NO_LEDGER, type StoredDelivery, type StoredTarget } from './ledger.js';
import { WEBHOOK_READING_IDS } from './readings.js';
import { restoreTargets } from './restore.js';
import { targetCheck } from './target-check.js';
import { TargetQueue } from './target-queue.js';
import type {
  DeliveryRecord,
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookLogEntry,
} from './types.js';
import { givenUpView, matches, pendingView } from './views.js';
import { Wakeups } from './wakeups.js';

/**
 * Creates a dispatcher. Nothing is sent until a target is registered.
 *
 * @example
 * const webhooks = createWebhookDispatcher({ readings: () => app.mock.getReadings(), seed: 7 });
 * const { id, secret } = webhooks.register({ url: 'http://127.0.0.1:9000/hooks' });
 * webhooks.dispatch({ videoKey: 'v-1', state: 'ready', previousState: 'processing',
 *   occurredAt: new Date().toISOString(), video: { videoKey: 'v-1', simpleCustomFields: {} } });
 * await webhooks.idle();
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const seed = toSeed(options.seed);
  const maxRecords = options.maxRecords ?? 1000;
  const clock = options.clock ?? { now: Date.now, realTime: true };
  const ledger = options.ledger ?? NO_LEDGER;
  const check = targetCheck(options);
  const targets = new Map<string, TargetQueue>();
  const givenUp = new Map<string, StoredDelivery>();
  const records: DeliveryRecord[] = [];
  let waiters: Array<() => void> = [];
  let recordCount = 0;
  let closed = false;

  const log = (entry: WebhookLogEntry) => {
    try {
      options.log?.(entry);
    } catch {
      // A failing logger must not stop deliveries.
    }
  };
  const changed = () => {
    if ([...targets.values()].some((queue) => queue.busy)) return;
    const ready = waiters;
    waiters = [];
    for (const wake of ready) wake();
  };
  const urlOf = (targetId: string) => targets.get(targetId)?.target.url ?? '';
  const context = {
    fetch: options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init)),
    now: options.now ?? Date.now,
    clock,
    wakeups: new Wakeups(clock),
    retry: retryPolicy(options.retry),
    timeoutMs: options.timeoutMs ?? 10_000,
    reorderWindowMs: options.reorderWindowMs ?? 500,
    maxQueue: options.maxQueue ?? DEFAULT_MAX_QUEUE,
    refusal: check.literal,
    log,
    record(entry: Omit<DeliveryRecord, 'id'>) {
      recordCount += 1;
      const full: DeliveryRecord = { id: `dlv_${recordCount}`, ...entry };
      records.push(full);
      if (records.length > maxRecords) records.shift();
      const msg = full.ok ? 'webhook delivered' : 'webhook delivery failed';
      log({ level: full.ok ? 'debug' : 'info', msg, ...full });
    },
    queued: (deliveries: StoredDelivery[]) => ledger.enqueue(deliveries),
    updated: (delivery: StoredDelivery) => ledger.update(delivery),
    delivered: (delivery: StoredDelivery) => ledger.remove(delivery.key),
    gaveUp(delivery: StoredDelivery) {
      Object.assign(delivery, { status: 'given-up', givenUpAt: clock.now() });
      ledger.update(delivery);
      givenUp.set(delivery.key, delivery);
      log({
        level: 'warn',
        msg: 'webhook event given up',
        ...givenUpView(delivery, urlOf(delivery.targetId)),
      });
      for (const [key, oldest] of givenUp) {
        if (givenUp.size <= MAX_GIVEN_UP) break;
        givenUp.delete(key);
        ledger.remove(key);
        log({
          level: 'warn',
          msg: 'given-up webhook event forgotten (too many kept)',
          key,
          eventId: oldest.job.eventId,
        });
      }
    },
    changed,
  };
  const addTarget = (target: StoredTarget) => {
    // Each target draws from its own sequence, so one target's retries do not shift another's.
    const n = Number(target.id.slice(3)) || targets.size + 1;
    const random = createRandom((seed + Math.imul(n, 0x9e3779b9)) >>> 0);
    targets.set(target.id, new TargetQueue(target, random, context));
  };
  const restored = restoreTargets(ledger, options.targets ?? [], log);
  for (const target of restored.targets) addTarget(target);
  let targetCount = restored.lastNumber;
  for (const delivery of restored.deliveries) {
    if (delivery.status === 'given-up') givenUp.set(delivery.key, delivery);
    else {
      // Resumed at once after a restart: it was never given up; its window goes on from its first attempt.
      delivery.dueAt = Math.min(delivery.dueAt, clock.now());
      targets.get(delivery.targetId)?.resume([delivery]);
    }
  }

  return {
    register(target) {
      const { url, secret } = checkedRegistration(target, check);
      targetCount += 1;
      const stored = {
        id: `wh_${targetCount}`,
        url,
        secret,
        fromOptions: false,
      };
      ledger.putTarget(stored);
      addTarget(stored);
      return { id: stored.id, secret: stored.secret };
    },
    refusal: (url) => check.resolved(url),
    unregister(id) {
      const queue = targets.get(id);
      if (queue === undefined) return false;
      targets.delete(id);
      ledger.deleteTarget(id);
      for (const [key, delivery] of givenUp) if (delivery.targetId === id) givenUp.delete(key);
      void queue.cancel('target unregistered').then(changed);
      return true;
    },
    list: () => [...targets.values()].map(({ target }) => ({ id: target.id, url: target.url })),
    dispatch(event, readingsOfEvent) {
      dispatching(event, log, () => {
        if (closed || targets.size === 0) return;
        const made = eventJob(event, readingsOfEvent ?? options.readings(), log);
        if (made === undefined) return;
        for (const queue of targets.values()) queue.accept(made.job, made.delivery);
      });
    },
    deliveries: () => records.map((record) => ({ ...record })),
    pending: () =>
      [...targets.values()].flatMap((queue) =>
        queue.waiting().map(({ delivery, inFlight }) => pendingView(delivery, queue.target.url, inFlight)),
      ),
    givenUp: (filter = {}) =>
      [...givenUp.values()].filter((d) => matches(d, filter)).map((d) => givenUpView(d, urlOf(d.targetId))),
    redeliver(filter) {
      if (filter.eventId === undefined && filter.targetId === undefined) {
        throw new RangeError('redeliver: name an eventId, a targetId or both');
      }
      const chosen = [...givenUp.values()].filter((d) => matches(d, filter));
      const views = chosen.map((d) => givenUpView(d, urlOf(d.targetId)));
      for (const delivery of chosen) {
        givenUp.delete(delivery.key);
        const { givenUpAt: _, lastStatus: __, lastError: ___, firstAt: ____, ...rest } = delivery;
        const again: StoredDelivery = { ...rest, attempts: 0, dueAt: clock.now(), status: 'pending' };
        ledger.enqueue([again]);
        targets.get(again.targetId)?.resume([again]);
      }
      return views;
    },
    settle: () => context.wakeups.settle(),
    sync: async () => {},
    counts: async () => ({
      pending: [...targets.values()].reduce((sum, queue) => sum + queue.waiting().length, 0),
      givenUp: givenUp.size,
    }),
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        changed();
      });
    },
    async close() {
      closed = true;
      await Promise.all([...targets.values()].map((queue) => queue.cancel('dispatcher closed')));
      changed();
    },
  };
}

/**
 * The dispatcher as a subscriber of a state's events (src/state/events.ts): heard while a target
 * is registered, and then the webhook readings of a request that causes events are played.
 *
 * @example
 * events.subscribe(webhookSubscriber(webhooks));
 */
export function webhookSubscriber(webhooks: WebhookDispatcher): EventSubscriber {
  return {
    heard: () => webhooks.list().length > 0,
    take: (event, context) => webhooks.dispatch(event, context.readings),
    reads: Object.values(WEBHOOK_READING_IDS),
  };
}
