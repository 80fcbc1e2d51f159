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
import { signatureHeader, verifyWebhookSignature } from '../../src/webhooks/signing.js';
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
      expect(verifyWebhookSignature({ ...input, secret })).toBe(true);
      if (signing !== 'unsigned') {
        expect(verify(delivery, 'another-secret')).toBe(false);
        expect(verifyWebhookSignature({ ...input, secret: 'another-secret' })).toBe(false);
        expect(verifyWebhookSignature({ ...input, secret, body: `${delivery.body} ` })).toBe(false);
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

  it('signs "<t>.<body>" with the timestamp of the attempt and refuses stale timestamps', () => {
    const body = '{"id":"evt_1"}';
    const value = signatureHeader('hmac-sha256-timestamped', 'k', 1_767_225_600, body);
    expect(value).toBe(`t=1767225600,v1=${hex('k', `1767225600.${body}`)}`);
    const check = (nowSeconds: number) =>
      verifyWebhookSignature({
        signing: 'hmac-sha256-timestamped',
        secret: 'k',
        body,
        header: value,
        nowSeconds,
      });
    expect(check(1_767_225_600 + 300)).toBe(true);
    expect(check(1_767_225_600 + 301)).toBe(false);
    expect(check(1_767_225_600 - 301)).toBe(false);
  });

  it('never accepts a signature made with another secret or over another body (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ReadingOf<'webhook-signing'>>('hmac-sha256-timestamped', 'hmac-sha256-body'),
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string(),
        (signing, secret, other, body, otherBody) => {
          const now = 1_800_000_000;
          const value = signatureHeader(signing, secret, now, body);
          const verify = (s: string, b: string) =>
            verifyWebhookSignature({ signing, secret: s, body: b, header: value, nowSeconds: now });
          expect(verify(secret, body)).toBe(true);
          if (other !== secret) expect(verify(other, body)).toBe(false);
          if (otherBody !== body) expect(verify(secret, otherBody)).toBe(false);
        },
      ),
    );
  });

  it('refuses a missing or malformed header', () => {
    for (const value of [undefined, null, '', 'v1=', 't=abc,v1=00', 'garbage']) {
      expect(
        verifyWebhookSignature({
          signing: 'hmac-sha256-timestamped',
          secret: 'k',
          body: '{}',
          header: value,
        }),
      ).toBe(false);
      expect(
        verifyWebhookSignature({ signing: 'hmac-sha256-body', secret: 'k', body: '{}', header: value }),
      ).toBe(false);
    }
  });
});
