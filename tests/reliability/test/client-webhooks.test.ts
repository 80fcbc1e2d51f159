import { verifyWebhook, WebhookVerificationError } from '@video-api/client';
import { createApp } from '@video-api/mock-server/node';
import { startWebhookReceiver } from '@video-api/test-support';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

// §6 offers webhooks and shows nothing of their signing; the mock signs under the readings of
// `webhook-signing`, and the client's verifyWebhook must accept exactly what was signed with the
// secret, within the time tolerance, and nothing else.
const SECRET = 'whsec-reliability';

interface Delivery {
  body: Buffer;
  headers: Record<string, string>;
}

/** The first delivery of a mock signing under `signing`: its bytes, and its headers as text. */
async function deliveryUnder(signing: string): Promise<{ delivery: Delivery; key: string }> {
  const hook = await startWebhookReceiver();
  const app = createApp({
    webhooks: [hook.url],
    webhookSecret: SECRET,
    readings: { 'webhook-signing': signing },
  });
  const [key = ''] = await app.mock.seed([{ title: `signed ${signing}` }]);
  const [first] = await hook.waitFor(1);
  await app.mock.close();
  await hook.close();
  if (first === undefined) throw new Error('no delivery');
  const headers = Object.fromEntries(Object.entries(first.headers).map(([k, v]) => [k, String(v)]));
  return { delivery: { body: first.bytes, headers }, key };
}

let timestamped: Delivery;
let bodyOnly: Delivery;
let unsigned: Delivery;
let key = '';
beforeAll(async () => {
  ({ delivery: timestamped, key } = await deliveryUnder('hmac-sha256-timestamped'));
  ({ delivery: bodyOnly } = await deliveryUnder('hmac-sha256-body'));
  ({ delivery: unsigned } = await deliveryUnder('unsigned'));
});

const signedAt = (delivery: Delivery) =>
  Number(/t=(\d+)/.exec(delivery.headers['webhook-signature'] ?? '')?.[1]) * 1000;
const rejects = (promise: Promise<unknown>) =>
  expect(promise).rejects.toBeInstanceOf(WebhookVerificationError);

describe.each([
  ['hmac-sha256-timestamped', () => timestamped],
  ['hmac-sha256-body', () => bodyOnly],
])('a delivery signed %s', (_signing, get) => {
  const now = () => (Number.isNaN(signedAt(get())) ? Date.now() : signedAt(get()));

  it('verifies with the secret and names the video', async () => {
    const event = await verifyWebhook({ body: get().body, headers: get().headers, secret: SECRET, now });
    expect(event.videoKey).toBe(key);
  });

  it('is rejected when any byte of the body is changed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 255 }), async (at, delta) => {
        const body = Buffer.from(get().body);
        const i = at % body.length;
        body[i] = ((body[i] ?? 0) + delta) % 256;
        await rejects(verifyWebhook({ body, headers: get().headers, secret: SECRET, now }));
      }),
      { seed: 41, numRuns: 100 },
    );
  });

  it('is rejected when re-serialized or extended', async () => {
    const text = get().body.toString();
    for (const body of [
      JSON.stringify(JSON.parse(text), null, 1),
      `${text} `,
      `${text}\n`,
      text.slice(0, -1),
    ]) {
      await rejects(verifyWebhook({ body, headers: get().headers, secret: SECRET, now }));
    }
  });

  it('is rejected with any other secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s !== SECRET),
        async (secret) => {
          await rejects(verifyWebhook({ body: get().body, headers: get().headers, secret, now }));
        },
      ),
      { seed: 42, numRuns: 50 },
    );
  });
});

describe('timestamped signatures', () => {
  const at = () => signedAt(timestamped);
  const verifyAt = (offsetMs: number) =>
    verifyWebhook({
      body: timestamped.body,
      headers: timestamped.headers,
      secret: SECRET,
      now: () => at() + offsetMs,
    });

  it.each([
    ['299 s after signing', 299_000],
    ['299 s before signing (clock skew)', -299_000],
  ])('are accepted %s', async (_when, offset) => {
    expect((await verifyAt(offset)).videoKey).toBe(key);
  });

  it.each([
    ['301 s after signing (stale, a replay)', 301_000],
    ['a day later', 86_400_000],
    ['301 s before signing', -301_000],
  ])('are rejected %s', async (_when, offset) => {
    await rejects(verifyAt(offset));
  });

  it('are rejected when the timestamp is moved to look fresh', async () => {
    const header = timestamped.headers['webhook-signature'] ?? '';
    const moved = header.replace(/t=(\d+)/, (_m, t: string) => `t=${Number(t) + 3600}`);
    await rejects(
      verifyWebhook({
        body: timestamped.body,
        headers: { ...timestamped.headers, 'webhook-signature': moved },
        secret: SECRET,
        now: () => at() + 3600_000,
      }),
    );
  });

  it('are rejected when the timestamp is stripped (no downgrade to body-only)', async () => {
    const stripped = (timestamped.headers['webhook-signature'] ?? '').replace(/t=\d+,\s*/, '');
    await rejects(
      verifyWebhook({
        body: timestamped.body,
        headers: { ...timestamped.headers, 'webhook-signature': stripped },
        secret: SECRET,
      }),
    );
  });
});

describe('an unsigned delivery', () => {
  it('is rejected unless the receiver chose to accept unsigned deliveries', async () => {
    await rejects(verifyWebhook({ body: unsigned.body, headers: unsigned.headers, secret: SECRET }));
    const event = await verifyWebhook({
      body: unsigned.body,
      headers: unsigned.headers,
      secret: SECRET,
      signing: 'unsigned',
    });
    expect(event.videoKey).toBeDefined();
  });

  it('with a forged signature header is rejected', async () => {
    const forged = { ...unsigned.headers, 'webhook-signature': `v1=${'0'.repeat(64)}` };
    await rejects(verifyWebhook({ body: unsigned.body, headers: forged, secret: SECRET }));
  });
});
