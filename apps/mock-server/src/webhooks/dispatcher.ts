/**
 * The webhook dispatcher (§6: "A webhook is offered as an alternative to polling for learning when
 * a video is ready"): registered targets, one delivery queue per target, a record of every
 * attempt. The four webhook readings are read at every dispatch.
 */
import type { ReadingOf } from '@video-api/schema/unspecified';
import { createRandom, toSeed } from '../shared/prng.js';
import { DEFAULT_RETRY } from './backoff.js';
import { READY_ONLY_STATES, webhookEventName } from './constants.js';
import { buildPayload } from './payload.js';
import { readingsHeader, resolveWebhookReadings } from './readings.js';
import { validateRegistration } from './registration.js';
import { TargetQueue } from './target-queue.js';
import type { DeliveryRecord, WebhookDispatcher, WebhookDispatcherOptions } from './types.js';

/** 24 random bytes in base64url (web crypto: runs wherever the core does). */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** Which states produce an event, per `webhook-events` reading. */
const SENDS: Record<ReadingOf<'webhook-events'>, (state: string) => boolean> = {
  'per-state': () => true,
  'ready-only': (state) => READY_ONLY_STATES.includes(state),
};

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
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const maxRecords = options.maxRecords ?? 1000;
  const targets = new Map<string, TargetQueue>();
  const records: DeliveryRecord[] = [];
  let waiters: Array<() => void> = [];
  let targetCount = 0;
  let recordCount = 0;
  let closed = false;

  const log = (entry: object) => {
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
  const context = {
    fetch: options.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init)),
    now: options.now ?? Date.now,
    retry,
    timeoutMs: options.timeoutMs ?? 10_000,
    reorderWindowMs: options.reorderWindowMs ?? 500,
    maxQueue: options.maxQueue ?? 10_000,
    log,
    record(entry: Omit<DeliveryRecord, 'id'>) {
      recordCount += 1;
      const full: DeliveryRecord = { id: `dlv_${recordCount}`, ...entry };
      records.push(full);
      if (records.length > maxRecords) records.shift();
      log({ msg: 'webhook delivery', ...full });
    },
    changed,
  };

  return {
    register(target) {
      const checked = validateRegistration(target);
      if (!checked.ok) {
        const detail = checked.issues
          .map((issue) => `${issue.pointer || '(target)'} ${issue.message}`)
          .join('; ');
        throw new TypeError(`Invalid webhook target: ${detail}`);
      }
      targetCount += 1;
      const id = `wh_${targetCount}`;
      const secret = checked.value.secret ?? `whsec_${randomSecret()}`;
      // Each target draws from its own sequence, so one target's retries do not shift another's.
      const random = createRandom((seed + Math.imul(targetCount, 0x9e3779b9)) >>> 0);
      targets.set(id, new TargetQueue({ id, url: checked.value.url, secret }, random, context));
      return { id, secret };
    },
    unregister(id) {
      const queue = targets.get(id);
      if (queue === undefined) return false;
      targets.delete(id);
      void queue.cancel('target unregistered').then(changed);
      return true;
    },
    list: () => [...targets.values()].map(({ target }) => ({ id: target.id, url: target.url })),
    dispatch(event, readingsOfEvent) {
      try {
        if (closed || targets.size === 0) return;
        const readings = resolveWebhookReadings(readingsOfEvent ?? options.readings());
        if (!SENDS[readings.events](event.state)) {
          log({
            msg: 'webhook event not sent',
            reason: `webhook-events=${readings.events}`,
            state: event.state,
          });
          return;
        }
        const eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
        const name = webhookEventName(event.state);
        const job = {
          eventId,
          event: name,
          videoKey: event.videoKey,
          body: JSON.stringify(buildPayload(readings.payload, eventId, name, event)),
          signing: readings.signing,
          method: readings.method === 'put' ? ('PUT' as const) : ('POST' as const),
          security: readings.security,
          readings: readingsHeader(readings),
        };
        for (const queue of targets.values()) queue.accept(job, readings.delivery);
      } catch (error) {
        log({ msg: 'webhook dispatch failed', error: String(error), videoKey: event?.videoKey });
      }
    },
    deliveries: () => records.map((record) => ({ ...record })),
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
