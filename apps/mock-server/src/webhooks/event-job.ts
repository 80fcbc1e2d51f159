/**
 * What both dispatchers (./dispatcher.ts in one process, ./shared-dispatcher.ts over a shared
 * store) do alike: check a registration, and turn a state change into the job of one event under
 * the webhook readings of its context (or none, when `webhook-events` does not send it).
 */
import { meaningOf, type ReadingOf } from '@video-api/schema';
import { READY_ONLY_STATES, webhookEventName } from './constants.js';
import { buildPayload } from './payload.js';
import { readingsHeader, resolveWebhookReadings } from './readings.js';
import { validateRegistration } from './registration.js';
import { generatedSecret } from './secret.js';
import type { TargetCheck } from './target-check.js';
import { WebhookTargetRefused } from './target-rules.js';
import type { EventJob, VideoEvent, WebhookLogEntry } from './types.js';

/** The HTTP method of a `webhook-method` reading, as the spec's meaning gives it. */
const methodOf = (reading: ReadingOf<'webhook-method'>) =>
  meaningOf('webhook-method', reading).method.toUpperCase() as EventJob['method'];

/** Which states produce an event, per `webhook-events` reading. */
const SENDS: Record<ReadingOf<'webhook-events'>, (state: string) => boolean> = {
  'per-state': () => true,
  'ready-only': (state) => READY_ONLY_STATES.includes(state),
};

/**
 * The URL and secret of a registration (a secret generated when none is given). Throws a TypeError
 * on a bad URL, a `WebhookTargetRefused` when the target rules refuse its host.
 */
export function checkedRegistration(
  target: { url: string; secret?: string },
  check: Pick<TargetCheck, 'literal'>,
): { url: string; secret: string } {
  const checked = validateRegistration(target);
  if (!checked.ok) {
    const detail = checked.issues
      .map((issue) => `${issue.pointer || '(target)'} ${issue.message}`)
      .join('; ');
    throw new TypeError(`Invalid webhook target: ${detail}`);
  }
  const refused = check.literal(checked.value.url);
  if (refused !== undefined) throw new WebhookTargetRefused(refused);
  return { url: checked.value.url, secret: checked.value.secret ?? generatedSecret() };
}

/**
 * The job of `event` under `readings` (the body serialized once, a fresh event id) and how its
 * deliveries are shaped, or undefined when `webhook-events` does not send its state (logged).
 */
export function eventJob(
  event: VideoEvent,
  readings: Record<string, string>,
  log: (entry: WebhookLogEntry) => void,
): { job: EventJob; delivery: ReadingOf<'webhook-delivery'> } | undefined {
  const resolved = resolveWebhookReadings(readings);
  if (!SENDS[resolved.events](event.state)) {
    log({
      level: 'debug',
      msg: 'webhook event not sent',
      reason: `webhook-events=${resolved.events}`,
      state: event.state,
    });
    return undefined;
  }
  const eventId = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
  const name = webhookEventName(event.state);
  return {
    job: {
      eventId,
      event: name,
      videoKey: event.videoKey,
      body: JSON.stringify(buildPayload(resolved.payload, eventId, name, event)),
      signing: resolved.signing,
      method: methodOf(resolved.method),
      security: resolved.security,
      readings: readingsHeader(resolved),
    },
    delivery: resolved.delivery,
  };
}

/** Runs the dispatch of `event` (never throws: what fails is logged, the caller's request goes on). */
export function dispatching(
  event: VideoEvent,
  log: (entry: WebhookLogEntry) => void,
  work: () => void,
): void {
  try {
    work();
  } catch (error) {
    log({ level: 'warn', msg: 'webhook dispatch failed', error: String(error), videoKey: event?.videoKey });
  }
}
