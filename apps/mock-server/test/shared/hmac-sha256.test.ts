/**
 * The portable SHA-256 and HMAC-SHA256 against the published vectors (FIPS 180-4 examples,
 * RFC 4231) and, for random inputs, against node:crypto (allowed here: tests run in Node only).
 */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, hmacSha256, hmacSha256Hex, sha256 } from '../../src/shared/hmac-sha256.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (byte: number, length: number) => new Uint8Array(length).fill(byte);
const utf8 = (text: string) => new TextEncoder().encode(text);
const nodeSha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const nodeHmac = (key: string | Uint8Array, data: string | Uint8Array) =>
  createHmac('sha256', key).update(data).digest('hex');

/** Byte lengths where the padding changes shape: 55 fits one block, 56 needs two, 64 is a block. */
const EDGES = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 121, 127, 128, 129, 183, 184, 191, 192];
const edgeLength = fc.oneof(fc.constantFrom(...EDGES), fc.nat(200));
/** One UTF-8 byte per char (control characters included), so a length in chars is one in bytes. */
const asciiChar = fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code));
const asciiOfLength = (length: number) =>
  fc.string({ unit: asciiChar, minLength: length, maxLength: length });
/** Any UTF-16 code unit, lone surrogates included (both sides encode those as U+FFFD). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: codeUnit, maxLength }),
  );

describe('sha256', () => {
  it.each([
    ['""', '', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['"abc"', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'the 448-bit message',
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'the 896-bit message',
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
    [
      'one million "a"',
      'a'.repeat(1_000_000),
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    ],
  ])('hashes %s to the published digest', (_, message, digest) => {
    expect(hex(sha256(utf8(message)))).toBe(digest);
  });

  it('agrees with node:crypto for every length from 0 to 256 bytes', () => {
    for (let length = 0; length <= 256; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(hex(sha256(data)), `length ${length}`).toBe(nodeSha256(data));
    }
  });

  it('agrees with node:crypto for random bytes, around the padding edges too (property)', () => {
    fc.assert(
      fc.property(
        edgeLength.chain((length) => fc.uint8Array({ minLength: length, maxLength: length })),
        (data) => {
          expect(hex(sha256(data))).toBe(nodeSha256(data));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('hashes only the viewed bytes of a subarray and leaves its input unchanged (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), fc.nat(300), (data, from, to) => {
        const view = data.subarray(Math.min(from, to), Math.max(from, to));
        const before = hex(data);
        expect(hex(sha256(view))).toBe(nodeSha256(view));
        expect(hex(data)).toBe(before);
      }),
    );
  });
});

describe('hmacSha256', () => {
  const longKey = bytes(0xaa, 131);
  it.each([
    [
      1,
      bytes(0x0b, 20),
      utf8('Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      2,
      utf8('Jefe'),
      utf8('what do ya want for nothing?'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [3, bytes(0xaa, 20), bytes(0xdd, 50), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
    [
      4,
      Uint8Array.from({ length: 25 }, (_, i) => i + 1),
      bytes(0xcd, 50),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    // Case 5 publishes the output truncated to 128 bits.
    [5, bytes(0x0c, 20), utf8('Test With Truncation'), 'a3b6167473100ee06e0c796c2955552b'],
    [
      6,
      longKey,
      utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      7,
      longKey,
      utf8(
        'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('gives the output of RFC 4231 test case %i', (_, key, data, mac) => {
    expect(hex(hmacSha256(key, data)).slice(0, mac.length)).toBe(mac);
  });

  it('agrees with node:crypto for every key length and every message length from 0 to 200 bytes', () => {
    for (let length = 0; length <= 200; length++) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7 + length) & 0xff);
      const fixed = utf8('message');
      expect(hex(hmacSha256(data, fixed)), `key of ${length} bytes`).toBe(nodeHmac(data, fixed));
      expect(hex(hmacSha256(fixed, data)), `message of ${length} bytes`).toBe(nodeHmac(fixed, data));
    }
  });

  it('agrees with node:crypto for random byte keys and messages (property)', () => {
    fc.assert(
      fc.property(
        edgeLength.chain((length) => fc.uint8Array({ minLength: length, maxLength: length })),
        fc.uint8Array({ maxLength: 200 }),
        (key, data) => {
          expect(hex(hmacSha256(key, data))).toBe(nodeHmac(key, data));
        },
      ),
    );
  });
});

describe('hmacSha256Hex', () => {
  it('encodes both strings as UTF-8 and answers lowercase hex', () => {
    expect(hmacSha256Hex('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    expect(hmacSha256Hex('clé', 'héllo 🎬')).toBe(nodeHmac('clé', 'héllo 🎬'));
  });

  it('agrees with node:crypto for random unicode keys (0–200 chars) and messages (property)', () => {
    fc.assert(
      fc.property(anyText(200), anyText(300), (key, message) => {
        expect(hmacSha256Hex(key, message)).toBe(nodeHmac(key, message));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with node:crypto around the block and padding edges of key and message (property)', () => {
    fc.assert(
      fc.property(edgeLength.chain(asciiOfLength), edgeLength.chain(asciiOfLength), (key, message) => {
        expect(hmacSha256Hex(key, message)).toBe(nodeHmac(key, message));
      }),
      { numRuns: 500 },
    );
  });
});

describe('constantTimeEqual', () => {
  it('answers what === answers (property)', () => {
    const pair = anyText(80).chain((a) =>
      fc.tuple(
        fc.constant(a),
        fc.oneof(
          fc.constant(a),
          // Same length, one code unit changed: the case where the loop decides.
          fc
            .tuple(fc.nat(Math.max(a.length - 1, 0)), codeUnit)
            .map(([i, c]) => (a.length === 0 ? a : a.slice(0, i) + c + a.slice(i + 1))),
          anyText(80),
        ),
      ),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
        expect(constantTimeEqual(b, a)).toBe(a === b);
      }),
      { numRuns: 1000 },
    );
  });

  it('compares hex signatures of the same length and refuses other lengths', () => {
    const mac = hmacSha256Hex('k', 'body');
    expect(constantTimeEqual(mac, hmacSha256Hex('k', 'body'))).toBe(true);
    expect(constantTimeEqual(mac, `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(constantTimeEqual(mac, mac.slice(0, -1))).toBe(false);
    expect(constantTimeEqual(mac, `é${mac.slice(1)}`)).toBe(false);
  });
});
