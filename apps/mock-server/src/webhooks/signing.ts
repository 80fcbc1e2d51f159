/**
 * Signatures of deliveries under `webhook-signing` (§6: signing is not shown; these are the
 * spec's readings). HMAC-SHA256 under the target's secret, hex-encoded, over:
 * - hmac-sha256-timestamped: `"<t>.<raw body>"`, header `Webhook-Signature: t=<t>,v1=<hex>`;
 * - hmac-sha256-body: the raw body, header `Webhook-Signature: v1=<hex>`;
 * - unsigned: no header.
 * The HMAC is Web Crypto's (`crypto.subtle`: Node 20+, browsers, workers), whose verify compares
 * in constant time; strings are signed as UTF-8.
 */
import type { ReadingOf } from '@video-api/schema';
import { unplayed } from '../shared/unplayed.js';
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_VERSION } from './constants.js';

type Signing = ReadingOf<'webhook-signing'>;

const encoder = new TextEncoder();
const utf8 = (value: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof value === 'string' ? encoder.encode(value) : new Uint8Array(value);

/**
 * `key` as an HMAC-SHA256 key. Web Crypto refuses an empty key; HMAC pads a short key with zero
 * bytes to the block size, so one zero byte is the same key.
 */
function hmacKey(key: string | Uint8Array, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  const raw = utf8(key);
  const material = raw.length === 0 ? new Uint8Array(1) : raw;
  return crypto.subtle.importKey('raw', material, { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/**
 * HMAC-SHA256 of `message` under `key` (strings as UTF-8), in lowercase hex.
 *
 * @example
 * await hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog'); // 'f7bc83f4…'
 */
export async function hmacSha256Hex(key: string | Uint8Array, message: string | Uint8Array): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(key, 'sign'), utf8(message));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Webhook-Signature` value of a body, or undefined when the reading is `unsigned`.
 *
 * @example
 * await signatureHeader('hmac-sha256-timestamped', 'whsec_x', 1767225600, '{"id":"evt_1"}');
 * // 't=1767225600,v1=5f0c…'
 */
export async function signatureHeader(
  signing: Signing,
  secret: string,
  timestamp: number,
  body: string,
): Promise<string | undefined> {
  switch (signing) {
    case 'hmac-sha256-timestamped':
      return `t=${timestamp},${SIGNATURE_VERSION}=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
    case 'hmac-sha256-body':
      return `${SIGNATURE_VERSION}=${await hmacSha256Hex(secret, body)}`;
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

/** The 32 bytes of a lowercase hex signature, or undefined for anything else. */
function signatureBytes(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
  return Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** Whether one of `signatures` is the HMAC of `message` under `secret` (Web Crypto's verify). */
async function signedWith(signatures: string[], secret: string, message: string): Promise<boolean> {
  const key = await hmacKey(secret, 'verify');
  const data = utf8(message);
  for (const signature of signatures) {
    const bytes = signatureBytes(signature);
    if (bytes && (await crypto.subtle.verify('HMAC', key, bytes, data))) return true;
  }
  return false;
}

/**
 * Verifies a delivery as a receiver would: the raw body, the `Webhook-Signature` header, the
 * secret. Timestamped signatures older or newer than `toleranceSeconds` are refused. A reference
 * for receivers; the mock's own tests check signatures independently.
 *
 * @example
 * await verifyWebhookSignature({ signing: 'hmac-sha256-timestamped', secret, body: rawBody,
 *   header: request.headers.get('Webhook-Signature') }); // true or false
 */
export async function verifyWebhookSignature(input: {
  signing: Signing;
  secret: string;
  body: string;
  header: string | null | undefined;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): Promise<boolean> {
  const { signing, header } = input;
  switch (signing) {
    case 'unsigned':
      return true;
    case 'hmac-sha256-body':
      return header ? signedWith(parseSignatureHeader(header).v1, input.secret, input.body) : false;
    case 'hmac-sha256-timestamped':
      return header ? timestampedSignature({ ...input, header }) : false;
    default:
      return unplayed('webhook-signing', signing);
  }
}

/** `hmac-sha256-timestamped`: `t` within the tolerance of now, and a `v1` over `t.body`. */
async function timestampedSignature(input: {
  secret: string;
  body: string;
  header: string;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): Promise<boolean> {
  const parsed = parseSignatureHeader(input.header);
  if (parsed.t === undefined) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.t) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  return signedWith(parsed.v1, input.secret, `${parsed.t}.${input.body}`);
}
