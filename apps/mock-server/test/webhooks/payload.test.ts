import { type ReadingOf, readingsOf } from '@video-api/schema';
import {
  type Delivery,
  deliveryHeader,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '../../src/webhooks/constants.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { VideoEvent, WebhookDispatcher } from '../../src/webhooks/types.js';
import { videoEvent } from './fixtures.js';

type Check = (delivery: Delivery, event: VideoEvent) => void;

/** One row per `webhook-payload` reading of the registry. */
const payloads: Record<ReadingOf<'webhook-payload'>, Check> = {
  envelope: (r, event) => {
    expect(r.json).toEqual({
      id: deliveryHeader(r, WEBHOOK_HEADERS.id),
      type: 'video.ready',
      createdAt: event.occurredAt,
      data: { videoKey: event.videoKey, state: 'ready' },
    });
  },
  flat: (r, event) => {
    expect(r.json).toEqual({
      event: 'video.ready',
      videoKey: event.videoKey,
      state: 'ready',
      timestamp: event.occurredAt,
    });
  },
  'video-record': (r, event) => {
    expect(r.json).toEqual({ event: 'video.ready', video: event.video });
  },
};

let receiver: WebhookReceiver;
let dispatcher: WebhookDispatcher;
afterEach(async () => {
  await dispatcher?.close();
  await receiver?.close();
});

describe('webhook-payload', () => {
  it('has a row for every reading of the registry', () => {
    expect(Object.keys(payloads).sort()).toEqual([...readingsOf('webhook-payload')].sort());
  });

  it.each(Object.entries(payloads))('delivers the %s payload as JSON over HTTP', async (reading, check) => {
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({ 'webhook-payload': reading }) });
    dispatcher.register({ url: receiver.url });
    const event = videoEvent('v-payload', 'ready', 'processing');
    dispatcher.dispatch(event);
    await dispatcher.idle();
    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries as [Delivery];
    expect(deliveryHeader(delivery, 'content-type')).toBe('application/json');
    expect(deliveryHeader(delivery, WEBHOOK_HEADERS.event)).toBe('video.ready');
    expect(deliveryHeader(delivery, WEBHOOK_HEADERS.id)).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(deliveryHeader(delivery, WEBHOOK_HEADERS.attempt)).toBe('1');
    expect(deliveryHeader(delivery, WEBHOOK_HEADERS.readings)).toContain(`webhook-payload=${reading}`);
    check(delivery, event);
  });

  it('falls back to the mock default (envelope) for an unknown reading', async () => {
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({ 'webhook-payload': 'xml' }) });
    dispatcher.register({ url: receiver.url });
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    expect(receiver.deliveries[0]?.json).toHaveProperty('type', 'video.ready');
  });

  it('never throws from dispatch, even for an event that cannot be serialized', async () => {
    const logged: object[] = [];
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({
      readings: () => ({ 'webhook-payload': 'video-record' }),
      log: (entry) => logged.push(entry),
    });
    dispatcher.register({ url: receiver.url });
    const bad = videoEvent('v-1', 'ready', 'processing');
    bad.video = { size: 10n };
    expect(() => dispatcher.dispatch(bad)).not.toThrow();
    await dispatcher.idle();
    expect(receiver.deliveries).toHaveLength(0);
    expect(logged).toEqual([expect.objectContaining({ msg: 'webhook dispatch failed', videoKey: 'v-1' })]);
  });
});
