import { createHmac } from 'node:crypto';
import { type ReadingOf, readingsOf } from '@video-api/schema';
import {
  type Delivery,
  deliveryHeader,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@video-api/test-support';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '../../src/webhooks/constants.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import { hmacSha256Hex, signatureHeader, verifyWebhookSignature } from '../../src/webhooks/signing.js';
import type { WebhookDispatcher } from '../../src/webhooks/types.js';
import { videoEvent } from './fixtures.js';

const hex = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** Verifies a delivery independently of the module's own verifier, as the README documents it. */
const verifiers: Record<ReadingOf<'webhook-signing'>, (r: Delivery, secret: string) => boolean> = {
  'hmac-sha256-timestamped': (r, secret) => {
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(deliveryHeader(r, WEBHOOK_HEADERS.signature) ?? '');
    if (!match) return false;
    const [, t, v1] = match;
    return t === deliveryHeader(r, WEBHOOK_HEADERS.timestamp) && v1 === hex(secret, `${t}.${r.body}`);
  },
  'hmac-sha256-body': (r, secret) => {
    const match = /^v1=([0-9a-f]{64})$/.exec(deliveryHeader(r, WEBHOOK_HEADERS.signature) ?? '');
    return match !== null && match[1] === hex(secret, r.body);
  },
  unsigned: (r) => deliveryHeader(r, WEBHOOK_HEADERS.signature) === undefined,
};

let receiver: WebhookReceiver;
let dispatcher: WebhookDispatcher;
afterEach(async () => {
  await dispatcher?.close();
  await receiver?.close();
});

describe('webhook-signing', () => {
  it('has a row for every reading of the registry', () => {
    expect(Object.keys(verifiers).sort()).toEqual([...readingsOf('webhook-signing')].sort());
  });

  it.each(Object.entries(verifiers))(
    'under %s: the signature verifies with the secret and fails with another',
    async (reading, verify) => {
      receiver = await startWebhookReceiver();
      dispatcher = createWebhookDispatcher({ readings: () => ({ 'webhook-signing': reading }) });
      const { secret } = dispatcher.register({ url: receiver.url, secret: 's3cret-of-the-test' });
      expect(secret).toBe('s3cret-of-the-test');
      dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
      await dispatcher.idle();
      const [delivery] = receiver.deliveries as [Delivery];
      expect(deliveryHeader(delivery, WEBHOOK_HEADERS.timestamp)).toMatch(/^\d+$/);
      expect(verify(delivery, secret)).toBe(true);
      const signing = reading as ReadingOf<'webhook-signing'>;
      const input = {
        signing,
        body: delivery.body,
        header: deliveryHeader(delivery, WEBHOOK_HEADERS.signature),
      };
      expect(await verifyWebhookSignature({ ...input, secret })).toBe(true);
      if (signing !== 'unsigned') {
        expect(verify(delivery, 'another-secret')).toBe(false);
        expect(await verifyWebhookSignature({ ...input, secret: 'another-secret' })).toBe(false);
        expect(await verifyWebhookSignature({ ...input, secret, body: `${delivery.body} ` })).toBe(false);
      }
    },
  );

  it('generates a distinct secret per target when none is given', () => {
    dispatcher = createWebhookDispatcher({ readings: () => ({}) });
    const a = dispatcher.register({ url: 'http://127.0.0.1:1/a' });
    const b = dispatcher.register({ url: 'http://127.0.0.1:1/b' });
    expect(a.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(a.secret).not.toBe(b.secret);
    expect([a.id, b.id]).toEqual(['wh_1', 'wh_2']);
  });

  it('signs "<t>.<body>" with the timestamp of the attempt and refuses stale timestamps', async () => {
    const body = '{"id":"evt_1"}';
    const value = await signatureHeader('hmac-sha256-timestamped', 'k', 1_767_225_600, body);
    expect(value).toBe(`t=1767225600,v1=${hex('k', `1767225600.${body}`)}`);
    const check = (nowSeconds: number) =>
      verifyWebhookSignature({
        signing: 'hmac-sha256-timestamped',
        secret: 'k',
        body,
        header: value,
        nowSeconds,
      });
    expect(await check(1_767_225_600 + 300)).toBe(true);
    expect(await check(1_767_225_600 + 301)).toBe(false);
    expect(await check(1_767_225_600 - 301)).toBe(false);
  });

  it('never accepts a signature made with another secret or over another body (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ReadingOf<'webhook-signing'>>('hmac-sha256-timestamped', 'hmac-sha256-body'),
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string(),
        async (signing, secret, other, body, otherBody) => {
          const now = 1_800_000_000;
          const value = await signatureHeader(signing, secret, now, body);
          const verify = (s: string, b: string) =>
            verifyWebhookSignature({ signing, secret: s, body: b, header: value, nowSeconds: now });
          expect(await verify(secret, body)).toBe(true);
          if (other !== secret) expect(await verify(other, body)).toBe(false);
          if (otherBody !== body) expect(await verify(secret, otherBody)).toBe(false);
        },
      ),
    );
  });

  it('refuses a missing or malformed header', async () => {
    for (const value of [undefined, null, '', 'v1=', 't=abc,v1=00', 'garbage']) {
      expect(
        await verifyWebhookSignature({
          signing: 'hmac-sha256-timestamped',
          secret: 'k',
          body: '{}',
          header: value,
        }),
      ).toBe(false);
      expect(
        await verifyWebhookSignature({ signing: 'hmac-sha256-body', secret: 'k', body: '{}', header: value }),
      ).toBe(false);
    }
  });
});

describe('hmacSha256Hex (Web Crypto)', () => {
  const bytes = (byte: number, length: number) => new Uint8Array(length).fill(byte);
  const longKey = bytes(0xaa, 131);
  it.each([
    [1, bytes(0x0b, 20), 'Hi There', 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [
      2,
      'Jefe',
      'what do ya want for nothing?',
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
    [5, bytes(0x0c, 20), 'Test With Truncation', 'a3b6167473100ee06e0c796c2955552b'],
    [
      6,
      longKey,
      'Test Using Larger Than Block-Size Key - Hash Key First',
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      7,
      longKey,
      'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('gives the output of RFC 4231 test case %i', async (_, key, data, mac) => {
    expect((await hmacSha256Hex(key, data)).slice(0, mac.length)).toBe(mac);
  });

  it('signs strings as UTF-8, and an empty key as HMAC defines it, as node:crypto does', async () => {
    expect(await hmacSha256Hex('clé', 'héllo 🎬')).toBe(hex('clé', 'héllo 🎬'));
    expect(await hmacSha256Hex('', 'body')).toBe(hex('', 'body'));
  });

  it('agrees with node:crypto for any key and message, lone surrogates included (property)', async () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string());
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.oneof(text, fc.string({ minLength: 60, maxLength: 200 })),
        async (key, message) => {
          expect(await hmacSha256Hex(key, message)).toBe(hex(key, message));
        },
      ),
    );
  });
});
