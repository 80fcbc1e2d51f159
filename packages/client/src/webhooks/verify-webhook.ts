/**
 * Verifies and parses webhook deliveries (§6). Signing is not shown by the document; this follows
 * the mock's readings of `webhook-signing`: `Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` (timestamped) or `v1=<hex HMAC-SHA256 of the raw body>`. WebCrypto's HMAC
 * verify compares in constant time; it runs in Node 20+, browsers and workers.
 */
import type { ReadingOf } from '@video-api/schema';
import { parseWebhookEvent } from './parse-event.js';
import type { VerifyWebhookOptions, WebhookEvent } from './types.js';
import { headerOf, WebhookVerificationError } from './webhook-error.js';

/** What each reading of `webhook-signing` signs. */
const signedBy: Record<ReadingOf<'webhook-signing'>, 'timestamp-and-body' | 'body' | 'nothing'> = {
  'hmac-sha256-timestamped': 'timestamp-and-body',
  'hmac-sha256-body': 'body',
  unsigned: 'nothing',
};

function hexBytes(hex: string): Uint8Array | undefined {
  if (hex.length !== 64 || !/^[0-9a-f]+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

/**
 * Verifies a delivery and returns its typed event; throws WebhookVerificationError otherwise.
 *
 * @example
 * // in any handler that has the raw body:
 * const event = await verifyWebhook({ body: rawBody, headers: request.headers, secret: process.env.WEBHOOK_SECRET });
 * if (event.type === 'video.ready') await markReady(event.videoKey);
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<WebhookEvent> {
  const encoder = new TextEncoder();
  const body = typeof options.body === 'string' ? encoder.encode(options.body) : options.body;
  const header = headerOf(options.headers, 'webhook-signature');
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const chosen = options.signing ?? 'auto';
  const signing =
    chosen === 'auto' ? (t === undefined ? 'hmac-sha256-body' : 'hmac-sha256-timestamped') : chosen;
  const signed = signedBy[signing];
  if (signed !== 'nothing') {
    if (!options.secret) throw new WebhookVerificationError('webhook: no secret given to verify with');
    if (!header)
      throw new WebhookVerificationError('webhook: no Webhook-Signature header (is the delivery signed?)');
    const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
    const timestamped = signed === 'timestamp-and-body';
    if (signatures.length === 0)
      throw new WebhookVerificationError('webhook: Webhook-Signature has no v1 signature');
    let text = body;
    if (timestamped) {
      if (t === undefined || !/^\d+$/.test(t))
        throw new WebhookVerificationError('webhook: signature has no valid t= timestamp');
      const tolerance = options.toleranceSeconds ?? 300;
      const skew = Math.abs((options.now ?? Date.now)() / 1000 - Number(t));
      if (skew > tolerance) {
        throw new WebhookVerificationError(
          `webhook: signature timestamp is ${Math.round(skew)} s from now (tolerance ${tolerance} s)`,
        );
      }
      text = concat(encoder.encode(`${t}.`), body);
    }
    const key = await crypto.subtle.importKey(
      'raw',
      encoder.encode(options.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    let valid = false;
    for (const signature of signatures) {
      const bytes = hexBytes(signature);
      if (bytes && (await crypto.subtle.verify('HMAC', key, bytes as BufferSource, text as BufferSource)))
        valid = true;
    }
    if (!valid) throw new WebhookVerificationError('webhook: signature does not match the body and secret');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WebhookVerificationError('webhook: body is not JSON');
  }
  return parseWebhookEvent(parsed, options.headers);
}
