/**
 * Signatures of deliveries under `webhook-signing` (§6: signing is not shown; these are the
 * spec's readings). HMAC-SHA256 under the target's secret, hex-encoded, over:
 * - hmac-sha256-timestamped: `"<t>.<raw body>"`, header `Webhook-Signature: t=<t>,v1=<hex>`;
 * - hmac-sha256-body: the raw body, header `Webhook-Signature: v1=<hex>`;
 * - unsigned: no header.
 */
import type { ReadingOf } from '@video-api/schema';
import { constantTimeEqual, hmacSha256Hex } from '../shared/hmac-sha256.js';
import { unplayed } from '../shared/unplayed.js';
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_VERSION } from './constants.js';

type Signing = ReadingOf<'webhook-signing'>;

/**
 * The `Webhook-Signature` value of a body, or undefined when the reading is `unsigned`.
 *
 * @example
 * signatureHeader('hmac-sha256-timestamped', 'whsec_x', 1767225600, '{"id":"evt_1"}');
 * // 't=1767225600,v1=5f0c…'
 */
export function signatureHeader(
  signing: Signing,
  secret: string,
  timestamp: number,
  body: string,
): string | undefined {
  switch (signing) {
    case 'hmac-sha256-timestamped':
      return `t=${timestamp},${SIGNATURE_VERSION}=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
    case 'hmac-sha256-body':
      return `${SIGNATURE_VERSION}=${hmacSha256Hex(secret, body)}`;
    case 'unsigned':
      return undefined;
    default:
      return unplayed('webhook-signing', signing);
  }
}

/** Parses `t=…,v1=…` into its parts (unknown parts are ignored; several v1 are allowed). */
function parseSignatureHeader(header: string): { t?: number; v1: string[] } {
  const parsed: { t?: number; v1: string[] } = { v1: [] };
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (value === undefined) continue;
    if (key === 't' && /^\d+$/.test(value)) parsed.t = Number(value);
    if (key === SIGNATURE_VERSION) parsed.v1.push(value);
  }
  return parsed;
}

/**
 * Verifies a delivery as a receiver would: the raw body, the `Webhook-Signature` header, the
 * secret. Timestamped signatures older or newer than `toleranceSeconds` are refused. A reference
 * for receivers; the mock's own tests check signatures independently.
 *
 * @example
 * verifyWebhookSignature({ signing: 'hmac-sha256-timestamped', secret, body: rawBody,
 *   header: request.headers.get('Webhook-Signature') }); // true or false
 */
export function verifyWebhookSignature(input: {
  signing: Signing;
  secret: string;
  body: string;
  header: string | null | undefined;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): boolean {
  const { signing } = input;
  switch (signing) {
    case 'unsigned':
      return true;
    case 'hmac-sha256-body':
      return input.header ? signedWith(input.header, hmacSha256Hex(input.secret, input.body)) : false;
    case 'hmac-sha256-timestamped':
      return input.header ? timestampedSignature({ ...input, header: input.header }) : false;
    default:
      return unplayed('webhook-signing', signing);
  }
}

/** Whether a `v1` signature of `header` is `expected` (each compared in constant time). */
function signedWith(header: string, expected: string): boolean {
  return parseSignatureHeader(header).v1.some((v) => constantTimeEqual(v, expected));
}

/** `hmac-sha256-timestamped`: `t` within the tolerance of now, and a `v1` over `t.body`. */
function timestampedSignature(input: {
  secret: string;
  body: string;
  header: string;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): boolean {
  const parsed = parseSignatureHeader(input.header);
  if (parsed.t === undefined) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.t) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const expected = hmacSha256Hex(input.secret, `${parsed.t}.${input.body}`);
  return parsed.v1.some((v) => constantTimeEqual(v, expected));
}
