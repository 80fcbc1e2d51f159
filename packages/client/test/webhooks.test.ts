import { createHmac } from 'node:crypto';
import { startWebhookReceiver, type WebhookReceiver } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../src/index.js';
import { parseWebhookEvent } from '../src/webhooks/parse-event.js';
import type { WebhookEvent } from '../src/webhooks/types.js';
import { startMock } from './support/mock.js';

const secret = 'whsec_test';
const now = 1_795_000_000;
const body = JSON.stringify({
  id: 'evt_1',
  type: 'video.ready',
  createdAt: '2026-11-22T08:30:00.000Z',
  data: { videoKey: 'v-1', state: 'ready' },
});
const hmac = (data: string, key = secret) => createHmac('sha256', key).update(data).digest('hex');
const timestamped = (t: number, raw = body, key = secret) => `t=${t},v1=${hmac(`${t}.${raw}`, key)}`;
const verify = (headers: Record<string, string>, raw: string | Uint8Array = body, extra = {}) =>
  verifyWebhook({ body: raw, headers, secret, now: () => now * 1000, ...extra });

describe('verifyWebhook', () => {
  it('accepts a timestamped signature (reading hmac-sha256-timestamped) and returns the typed event', async () => {
    const event = await verify({ 'Webhook-Signature': timestamped(now) });
    expect(event).toMatchObject({
      id: 'evt_1',
      type: 'video.ready',
      videoKey: 'v-1',
      state: 'ready',
      payload: 'envelope',
    });
    expect(event.occurredAt?.toISOString()).toBe('2026-11-22T08:30:00.000Z');
  });

  it('accepts a body signature (reading hmac-sha256-body), from bytes too', async () => {
    await expect(
      verify({ 'webhook-signature': `v1=${hmac(body)}` }, new TextEncoder().encode(body)),
    ).resolves.toMatchObject({
      videoKey: 'v-1',
    });
  });

  it('accepts any one of several v1 signatures (secret rotation)', async () => {
    const header = `t=${now},v1=${hmac(`${now}.${body}`, 'old')},v1=${hmac(`${now}.${body}`)}`;
    await expect(verify({ 'Webhook-Signature': header })).resolves.toMatchObject({ type: 'video.ready' });
  });

  it('accepts an unsigned delivery only when told to (reading unsigned)', async () => {
    await expect(verify({})).rejects.toThrow('no Webhook-Signature header');
    await expect(verify({}, body, { signing: 'unsigned' })).resolves.toMatchObject({ videoKey: 'v-1' });
  });

  it.each([
    [
      'a changed body',
      { 'Webhook-Signature': timestamped(now) },
      body.replace('ready', 'failed'),
      'does not match',
    ],
    ['another secret', { 'Webhook-Signature': timestamped(now, body, 'other') }, body, 'does not match'],
    [
      'an old timestamp',
      { 'Webhook-Signature': timestamped(now - 301) },
      body,
      '301 s from now (tolerance 300 s)',
    ],
    ['a future timestamp', { 'Webhook-Signature': timestamped(now + 400) }, body, '400 s from now'],
    [
      'a timestamp changed after signing',
      { 'Webhook-Signature': timestamped(now).replace(`t=${now}`, `t=${now - 1}`) },
      body,
      'does not match',
    ],
    ['no v1', { 'Webhook-Signature': `t=${now}` }, body, 'no v1 signature'],
    ['a signature that is not hex', { 'Webhook-Signature': `t=${now},v1=zz` }, body, 'does not match'],
    [
      'a body signature where a timestamped one is required',
      { 'Webhook-Signature': `v1=${hmac(body)}` },
      body,
      'no valid t=',
    ],
  ])('refuses %s', async (_, headers, raw, message) => {
    const signing =
      _ === 'a body signature where a timestamped one is required' ? 'hmac-sha256-timestamped' : 'auto';
    const error = await verify(headers, raw, { signing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as Error).message).toContain(message);
  });
});

describe('parseWebhookEvent', () => {
  it.each([
    ['envelope', JSON.parse(body), { type: 'video.ready', videoKey: 'v-1', state: 'ready', id: 'evt_1' }],
    [
      'flat',
      { event: 'video.processing', videoKey: 'v-2', state: 'processing', timestamp: '2026-11-22T08:30:00Z' },
      { type: 'video.processing', videoKey: 'v-2', state: 'processing', id: 'evt_h' },
    ],
    [
      'video-record',
      { event: 'video.ready', video: { videoKey: 'v-3', simpleCustomFields: {}, status: 'ready' } },
      { type: 'video.ready', videoKey: 'v-3', state: 'ready', id: 'evt_h' },
    ],
  ])('reads the %s payload', (payload, parsed, expected) => {
    expect(parseWebhookEvent(parsed, { 'Webhook-Id': 'evt_h' })).toMatchObject({ ...expected, payload });
  });

  it('refuses a body of no known payload, saying which are known', () => {
    expect(() => parseWebhookEvent({ hello: 1 })).toThrow(/envelope \{type, data: \{videoKey\}\}, flat/);
  });
});

describe('deliveries of the mock over HTTP', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    mock = await startMock('in-process');
  });
  afterAll(async () => {
    await mock.close();
    await receiver.close();
  });

  it.each([
    ['hmac-sha256-timestamped', 'envelope'],
    ['hmac-sha256-body', 'flat'],
    ['hmac-sha256-timestamped', 'video-record'],
  ])('verifies every event of a video under %s with the %s payload', async (signing, payload) => {
    await mock.mock.setReadings({ 'webhook-signing': signing, 'webhook-payload': payload });
    const target = mock.mock.webhooks.register({ url: receiver.url, secret });
    receiver.deliveries.length = 0;
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'hooked' }] });
    await mock.client.uploadSource(video?.key as string, new Uint8Array(16));
    await mock.mock.advanceClock(5000);
    await mock.mock.webhooks.idle();
    mock.mock.webhooks.unregister(target.id);
    const events: WebhookEvent[] = [];
    for (const delivery of receiver.deliveries)
      events.push(await verifyWebhook({ body: delivery.body, headers: delivery.headers, secret }));
    expect(events.every((event) => event.videoKey === video?.key && event.payload === payload)).toBe(true);
    expect(events.at(-1)?.type).toBe('video.ready');
  });
});
