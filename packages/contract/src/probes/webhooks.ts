/** Probes of the webhook (§6): event kinds, payload, signing, delivery, method and credential, from real deliveries. */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { FAILED_STATE, READY_STATE, type ReadingOf, readingsOf, videoStates } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { explain } from '../context/failures.js';
import type { Finding } from '../context/recorder.js';
import { showText, VALUE_PREFIX } from '../support/shown.js';
import type { Delivery } from './webhook-receiver.js';
import { startReceiver } from './webhook-receiver.js';

type Json = Record<string, unknown>;
const WEBHOOK_IDS = [
  'webhook-events',
  'webhook-payload',
  'webhook-signing',
  'webhook-delivery',
  'webhook-method',
  'webhook-security',
] as const;

const keyOf = (body: Json): unknown =>
  (body.data as Json | undefined)?.videoKey ?? body.videoKey ?? (body.video as Json | undefined)?.videoKey;
const eventOf = (body: Json): string => String(body.type ?? body.event ?? '');
/** The time a payload carries, if any (NaN when it carries none, e.g. the video-record payload). */
const timeOf = (body: Json): number =>
  Date.parse(
    String(
      body.createdAt ?? body.timestamp ?? body.occurredAt ?? (body.data as Json | undefined)?.occurredAt,
    ),
  );
/** The order of the states of §3's readings, to see reordering in payloads that carry no time. */
const LIFE: readonly string[] = videoStates;
const stageOf = (name: string): number => {
  const word = /([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return LIFE.indexOf(word === FAILED_STATE ? READY_STATE : word);
};

/**
 * Classifies the deliveries of one video: duplicates (an id twice), reordered (out of time order,
 * or, when payloads carry no time, events out of the order of a video's life in arrival order),
 * once-in-order; with a single delivery order and duplication cannot be seen.
 */
export function classifyDelivery(deliveries: Delivery[]): Finding<'webhook-delivery'> {
  const names = deliveries.map((d) => eventOf(d.json as Json));
  if (deliveries.length === 0) return { notObserved: 'no delivery reached the receiver' };
  const ids = deliveries.map((d) => String(d.headers['webhook-id'] ?? (d.json as Json).id ?? d.body));
  const distinct = new Set(ids).size;
  const evidence = `${deliveries.length} deliveries in arrival order (${names.join(' → ')}), ${distinct} distinct ids`;
  if (distinct !== ids.length) return { reading: 'duplicates', evidence };
  if (deliveries.length === 1) {
    return { notObserved: `a single delivery (${names[0]}): neither order nor duplicates can be seen` };
  }
  const times = deliveries.map((d) => timeOf(d.json as Json));
  const timed = times.every((t) => !Number.isNaN(t));
  const stages = names.map(stageOf);
  const staged = stages.every((s) => s >= 0);
  const backwards = (values: number[]) => values.some((v, i) => i > 0 && v < (values[i - 1] as number));
  if (timed && backwards(times)) return { reading: 'reordered', evidence: `${evidence}; times go backwards` };
  if (staged && backwards(stages)) {
    return { reading: 'reordered', evidence: `${evidence}; states arrive out of a video's order` };
  }
  if (!timed && !staged) {
    return {
      notObserved: `${evidence}; the payloads carry neither a time nor a known state to order them by`,
    };
  }
  return { reading: 'once-in-order', evidence };
}

function signatureHeader(delivery: Delivery): string | undefined {
  const name = Object.keys(delivery.headers).find((h) => h.includes('signature'));
  const value = name ? delivery.headers[name] : undefined;
  return Array.isArray(value) ? value[0] : value;
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

export function classifySigning(delivery: Delivery, secret: string | undefined): Finding<'webhook-signing'> {
  const header = signatureHeader(delivery);
  if (header === undefined) return { reading: 'unsigned', evidence: 'no signature header on the delivery' };
  if (!secret) return { notObserved: `signed (${header}) but there is no secret to verify with` };
  const timestamped = /t=(\d+)/.exec(header);
  const signatures = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1] as string);
  if (timestamped && signatures.some((s) => same(s, hmac(secret, `${timestamped[1]}.${delivery.body}`)))) {
    return {
      reading: 'hmac-sha256-timestamped',
      evidence: `HMAC-SHA256 of "<t>.<body>" verified (${showText(header, 40)})`,
    };
  }
  const bare = /^(?:sha256=|v1=)?([0-9a-f]{64})$/.exec(header.trim())?.[1];
  const candidates = bare ? [bare, ...signatures] : signatures;
  if (candidates.some((s) => same(s, hmac(secret, delivery.body)))) {
    return { reading: 'hmac-sha256-body', evidence: 'HMAC-SHA256 of the raw body verified' };
  }
  return { reading: 'other', evidence: `a signature header that does not verify: ${showText(header, 60)}` };
}

/** The `webhook-method` reading of a delivery: its HTTP method. */
export function classifyMethod(delivery: Delivery): Finding<'webhook-method'> {
  const evidence = `the delivery came as ${delivery.method}`;
  if (delivery.method === 'POST') return { reading: 'post', evidence };
  if (delivery.method === 'PUT') return { reading: 'put', evidence };
  return { reading: 'other', evidence };
}

/**
 * The `webhook-security` reading of a delivery: no Authorization header (`none`), or the
 * registration's secret as a Bearer token (`bearer-secret`); a credential the suite cannot compare
 * with a secret is not observed.
 */
export function classifySecurity(
  delivery: Delivery,
  secret: string | undefined,
): Finding<'webhook-security'> {
  const header = delivery.headers.authorization;
  if (header === undefined) return { reading: 'none', evidence: 'no Authorization header on the delivery' };
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (token === undefined)
    return {
      reading: 'other',
      evidence: `an Authorization header of another scheme: ${header.split(' ')[0]}`,
    };
  if (!secret)
    return { notObserved: 'a Bearer credential, but there is no registration secret to compare it with' };
  return same(token, secret)
    ? { reading: 'bearer-secret', evidence: 'Authorization: Bearer <the registration secret>' }
    : { reading: 'other', evidence: 'a Bearer credential that is not the registration secret' };
}

/** The `webhook-payload` reading whose schema in the spec (`readingSchemas`) accepts the body: the first, or `other`. */
export function classifyPayload(body: Json): ReadingOf<'webhook-payload'> | 'other' {
  const schemas = readingSchemas['webhook-payload'];
  return readingsOf('webhook-payload').find((reading) => schemas[reading].safeParse(body).success) ?? 'other';
}

async function notProbed(ctx: Context, why: string): Promise<void> {
  for (const id of WEBHOOK_IDS) await ctx.observe(id, async () => ({ notObserved: `not probed: ${why}` }));
}

export async function probeWebhooks(ctx: Context): Promise<void> {
  const register = ctx.options.registerWebhook;
  if (!register) {
    return notProbed(ctx, 'webhook registration is not shown (§6); give a way to register a receiver');
  }
  if (ctx.stopped) return notProbed(ctx, ctx.stopped.reason);
  const receiver = await startReceiver();
  try {
    let registration: { secret?: string } | undefined;
    try {
      registration = await register(receiver.url);
    } catch (error) {
      return notProbed(ctx, `the receiver could not be registered: ${String(error)}`);
    }
    let key: string | undefined;
    try {
      key = await ctx.step(() => ctx.api.createOne('webhooks'));
    } catch (error) {
      return notProbed(ctx, `no video to send events for: ${explain(error)}`);
    }
    const uploaded = key === undefined ? undefined : await ctx.step(() => ctx.api.upload(key as string));
    if (key === undefined || uploaded === undefined) return notProbed(ctx, 'the run stopped');
    await ctx.step(() => ctx.waitForReady(key));
    const ours = (list: Delivery[]) => list.filter((d) => d.json && keyOf(d.json as Json) === key);
    const isFinal = (d: Delivery) => /ready|fail/i.test(eventOf(d.json as Json));
    await receiver.until((list) => ours(list).some(isFinal), 5000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // late duplicates and reordered events
    const deliveries = ours(receiver.deliveries);
    const names = deliveries.map((d) => eventOf(d.json as Json));
    const none = { notObserved: `no delivery for video ${key} reached the receiver within 5 s` };

    await ctx.observe('webhook-events', async () => {
      if (deliveries.length === 0) return none;
      const evidence = `events received: ${names.join(', ')}`;
      if (names.some((n) => !/ready|fail/i.test(n))) return { reading: 'per-state', evidence };
      return { reading: 'ready-only', evidence };
    });
    await ctx.observe('webhook-payload', async () => {
      const first = deliveries[0];
      if (!first) return none;
      return { reading: classifyPayload(first.json as Json), evidence: showText(first.body, VALUE_PREFIX) };
    });
    await ctx.observe('webhook-signing', async () => {
      const first = deliveries[0];
      return first ? classifySigning(first, registration?.secret) : none;
    });
    await ctx.observe('webhook-delivery', async () =>
      deliveries.length === 0 ? none : classifyDelivery(deliveries),
    );
    await ctx.observe('webhook-method', async () => {
      const first = deliveries[0];
      return first ? classifyMethod(first) : none;
    });
    await ctx.observe('webhook-security', async () => {
      const first = deliveries[0];
      return first ? classifySecurity(first, registration?.secret) : none;
    });
  } finally {
    await receiver.close();
  }
}
