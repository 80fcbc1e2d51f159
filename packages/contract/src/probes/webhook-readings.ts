/**
 * The readings of the webhook's unknowns (§6) told from real deliveries: event kinds, payload,
 * signing, delivery order, method and credential, one sign per reading of the spec.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FAILED_STATE, READY_STATE, type ReadingOf, readingsOf, videoStates } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import type { Finding } from '../context/recorder.js';
import { showText } from '../support/shown.js';
import { recognise, type Signs } from '../support/signs.js';
import type { Delivery } from './webhook-receiver.js';

type Json = Record<string, unknown>;

/** The event name a payload carries (`type` or `event`), '' when none. */
export const eventOf = (body: Json): string => String(body.type ?? body.event ?? '');
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

/** The event names received: one per state, or only the end of processing. */
export const EVENTS: Signs<'webhook-events', string[]> = {
  'per-state': (names) => names.some((n) => !/ready|fail/i.test(n)),
  'ready-only': () => true,
};

/** The deliveries of one video: an id twice, out of order (and why), or neither. */
const DELIVERY: Signs<'webhook-delivery', { duplicated: boolean; reordered?: string; evidence: string }> = {
  duplicates: ({ duplicated }) => duplicated,
  reordered: ({ reordered, evidence }) => reordered !== undefined && `${evidence}; ${reordered}`,
  'once-in-order': () => true,
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
  const duplicated = distinct !== ids.length;
  if (!duplicated && deliveries.length === 1) {
    return { notObserved: `a single delivery (${names[0]}): neither order nor duplicates can be seen` };
  }
  const times = deliveries.map((d) => timeOf(d.json as Json));
  const timed = times.every((t) => !Number.isNaN(t));
  const stages = names.map(stageOf);
  const staged = stages.every((s) => s >= 0);
  const backwards = (values: number[]) => values.some((v, i) => i > 0 && v < (values[i - 1] as number));
  const reordered =
    timed && backwards(times)
      ? 'times go backwards'
      : staged && backwards(stages)
        ? "states arrive out of a video's order"
        : undefined;
  const found = recognise(DELIVERY, { duplicated, reordered, evidence }, evidence);
  if (found.reading === 'once-in-order' && !timed && !staged) {
    return {
      notObserved: `${evidence}; the payloads carry neither a time nor a known state to order them by`,
    };
  }
  return found;
}

function signatureHeader(delivery: Delivery): string | undefined {
  const name = Object.keys(delivery.headers).find((h) => h.includes('signature'));
  const value = name ? delivery.headers[name] : undefined;
  return Array.isArray(value) ? value[0] : value;
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

type Signed = { delivery: Delivery; header?: string | undefined; secret?: string };

/** The signature header, if any, and what it verifies with the registration secret. */
const SIGNING: Signs<'webhook-signing', Signed> = {
  unsigned: ({ header }) => header === undefined && 'no signature header on the delivery',
  'hmac-sha256-timestamped': ({ delivery, header, secret }) => {
    if (header === undefined || !secret) return false;
    const timestamped = /t=(\d+)/.exec(header);
    const body = `${timestamped?.[1]}.${delivery.body}`;
    return (
      timestamped !== null &&
      signaturesIn(header).some((s) => same(s, hmac(secret, body))) &&
      `HMAC-SHA256 of "<t>.<body>" verified (${showText(header, 40)})`
    );
  },
  'hmac-sha256-body': ({ delivery, header, secret }) => {
    if (header === undefined || !secret) return false;
    const bare = /^(?:sha256=|v1=)?([0-9a-f]{64})$/.exec(header.trim())?.[1];
    const candidates = bare ? [bare, ...signaturesIn(header)] : signaturesIn(header);
    return (
      candidates.some((s) => same(s, hmac(secret, delivery.body))) && 'HMAC-SHA256 of the raw body verified'
    );
  },
};

const signaturesIn = (header: string) =>
  [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1] as string);

export function classifySigning(delivery: Delivery, secret: string | undefined): Finding<'webhook-signing'> {
  const header = signatureHeader(delivery);
  if (header !== undefined && !secret) {
    return { notObserved: `signed (${header}) but there is no secret to verify with` };
  }
  const evidence = `a signature header that does not verify: ${showText(header ?? '', 60)}`;
  return recognise(SIGNING, { delivery, header, ...(secret ? { secret } : {}) }, evidence);
}

/** The HTTP method of a delivery. */
const METHOD: Signs<'webhook-method', Delivery> = {
  post: (delivery) => delivery.method === 'POST',
  put: (delivery) => delivery.method === 'PUT',
};

/** The `webhook-method` reading of a delivery: its HTTP method. */
export function classifyMethod(delivery: Delivery): Finding<'webhook-method'> {
  return recognise(METHOD, delivery, `the delivery came as ${delivery.method}`);
}

/** The Authorization of a delivery: none, or the registration's secret as a Bearer token. */
const SECURITY: Signs<'webhook-security', { header?: string | undefined; token?: string; secret?: string }> =
  {
    none: ({ header }) => header === undefined && 'no Authorization header on the delivery',
    'bearer-secret': ({ token, secret }) =>
      token !== undefined &&
      secret !== undefined &&
      same(token, secret) &&
      'Authorization: Bearer <the registration secret>',
  };

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
  if (header === undefined) return recognise(SECURITY, {}, '');
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  if (token === undefined) {
    return recognise(
      SECURITY,
      { header },
      `an Authorization header of another scheme: ${header.split(' ')[0]}`,
    );
  }
  if (!secret)
    return { notObserved: 'a Bearer credential, but there is no registration secret to compare it with' };
  return recognise(
    SECURITY,
    { header, token, secret },
    'a Bearer credential that is not the registration secret',
  );
}

/** The `webhook-payload` reading whose schema in the spec (`readingSchemas`) accepts the body: the first, or `other`. */
export function classifyPayload(body: Json): ReadingOf<'webhook-payload'> | 'other' {
  const schemas = readingSchemas['webhook-payload'];
  return readingsOf('webhook-payload').find((reading) => schemas[reading].safeParse(body).success) ?? 'other';
}
