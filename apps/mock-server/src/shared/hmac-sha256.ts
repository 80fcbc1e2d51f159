/** Synchronous SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) on web-standard APIs only, for runtimes without Node. */

/** The 64 round constants of FIPS 180-4 §4.2.2 (as int32: only their bits matter). */
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The initial hash value of FIPS 180-4 §5.3.3. */
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const BLOCK_BYTES = 64;

/** Applies the compression function (§6.2.2) to `blocks` 64-byte blocks of `view` from `offset`. */
function compress(h: Int32Array, w: Int32Array, view: DataView, offset: number, blocks: number): void {
  for (let block = 0; block < blocks; block++, offset += BLOCK_BYTES) {
    for (let t = 0; t < 16; t++) w[t] = view.getInt32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15] as number;
      const y = w[t - 2] as number;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (s1 + (w[t - 7] as number) + s0 + (w[t - 16] as number)) | 0;
    }
    let a = h[0] as number;
    let b = h[1] as number;
    let c = h[2] as number;
    let d = h[3] as number;
    let e = h[4] as number;
    let f = h[5] as number;
    let g = h[6] as number;
    let k = h[7] as number;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (k + S1 + ch + (K[t] as number) + (w[t] as number)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] as number) + a;
    h[1] = (h[1] as number) + b;
    h[2] = (h[2] as number) + c;
    h[3] = (h[3] as number) + d;
    h[4] = (h[4] as number) + e;
    h[5] = (h[5] as number) + f;
    h[6] = (h[6] as number) + g;
    h[7] = (h[7] as number) + k;
  }
}

/**
 * The SHA-256 digest (32 bytes) of `bytes`.
 *
 * @example
 * sha256(new TextEncoder().encode('abc'));
 * // Uint8Array [0xba, 0x78, 0x16, 0xbf, …, 0x15, 0xad]
 */
export function sha256(bytes: Uint8Array): Uint8Array {
  const h = Int32Array.from(H0);
  const w = new Int32Array(64);
  const whole = Math.floor(bytes.length / BLOCK_BYTES);
  compress(h, w, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), 0, whole);
  // §5.1.1: the rest, a 1 bit, zeros, and the length in bits as 64 bits big-endian (1 or 2 blocks).
  const rest = bytes.length - whole * BLOCK_BYTES;
  const tail = new Uint8Array(rest < 56 ? BLOCK_BYTES : 2 * BLOCK_BYTES);
  tail.set(bytes.subarray(whole * BLOCK_BYTES));
  tail[rest] = 0x80;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bytes.length / 0x20000000) >>> 0);
  view.setUint32(tail.length - 4, (bytes.length << 3) >>> 0);
  compress(h, w, view, 0, tail.length / BLOCK_BYTES);
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 8; i++) out.setUint32(i * 4, (h[i] as number) >>> 0);
  return digest;
}

/**
 * The HMAC-SHA256 (RFC 2104) of `message` under `key`, as 32 bytes. Keys longer than the 64-byte
 * block are hashed first.
 *
 * @example
 * const encode = (s: string) => new TextEncoder().encode(s);
 * hmacSha256(encode('Jefe'), encode('what do ya want for nothing?')); // Uint8Array [0x5b, 0xdc, …]
 */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(BLOCK_BYTES);
  block.set(key.length > BLOCK_BYTES ? sha256(key) : key);
  const inner = new Uint8Array(BLOCK_BYTES + message.length);
  const outer = new Uint8Array(BLOCK_BYTES + 32);
  for (let i = 0; i < BLOCK_BYTES; i++) {
    inner[i] = (block[i] as number) ^ 0x36;
    outer[i] = (block[i] as number) ^ 0x5c;
  }
  inner.set(message, BLOCK_BYTES);
  outer.set(sha256(inner), BLOCK_BYTES);
  return sha256(outer);
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * The HMAC-SHA256 of `message` under `key`, both UTF-8 encoded, as 64 lowercase hex digits (what
 * `createHmac('sha256', key).update(message).digest('hex')` gives in Node).
 *
 * @example
 * hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog');
 * // 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8'
 */
export function hmacSha256Hex(key: string, message: string): string {
  let hex = '';
  for (const byte of hmacSha256(encoder.encode(key), encoder.encode(message))) hex += HEX[byte];
  return hex;
}

/**
 * Whether `a` and `b` are the same string, comparing every char code (no early exit) once the
 * lengths match, so that the time taken does not tell how long a common prefix is.
 *
 * @example
 * constantTimeEqual(received, expected); // true or false
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
