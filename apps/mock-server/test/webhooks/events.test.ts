import { type ReadingOf, readingsOf } from '@video-api/schema';
import { deliveryHeader, startWebhookReceiver, type WebhookReceiver } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS, webhookEventName } from '../../src/webhooks/constants.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { WebhookDispatcher } from '../../src/webhooks/types.js';
import { lifecycle, videoEvent } from './fixtures.js';

/** For the lifecycles created→processing→ready (v-a) and created→processing→failed (v-b): the events sent. */
const expected: Record<ReadingOf<'webhook-events'>, string[]> = {
  'per-state': [
    'v-a video.created',
    'v-a video.processing',
    'v-a video.ready',
    'v-b video.created',
    'v-b video.processing',
    'v-b video.failed',
  ],
  'ready-only': ['v-a video.ready', 'v-b video.failed'],
};

let receiver: WebhookReceiver;
let dispatcher: WebhookDispatcher;
afterEach(async () => {
  await dispatcher?.close();
  await receiver?.close();
});

describe('webhook-events', () => {
  it('has a row for every reading of the registry', () => {
    expect(Object.keys(expected).sort()).toEqual([...readingsOf('webhook-events')].sort());
  });

  it.each(Object.entries(expected))('under %s sends %j', async (reading, names) => {
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({ 'webhook-events': reading }) });
    dispatcher.register({ url: receiver.url });
    const failed = [
      videoEvent('v-b', 'created', null),
      videoEvent('v-b', 'processing', 'created'),
      videoEvent('v-b', 'failed', 'processing'),
    ];
    for (const event of [...lifecycle('v-a'), ...failed]) dispatcher.dispatch(event);
    await dispatcher.idle();
    const seen = receiver.deliveries.map(
      (r) =>
        `${(r.json as { data: { videoKey: string } }).data.videoKey} ${deliveryHeader(r, WEBHOOK_HEADERS.event)}`,
    );
    expect(seen).toEqual(names);
    expect(receiver.deliveries.map((r) => r.json.type)).toEqual(names.map((n) => n.split(' ')[1]));
  });

  it('names every event video.<state>, detailed states included', () => {
    expect(
      ['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed'].map(webhookEventName),
    ).toEqual([
      'video.created',
      'video.uploading',
      'video.uploaded',
      'video.processing',
      'video.ready',
      'video.failed',
    ]);
  });

  it('reads the readings at every dispatch', async () => {
    let events = 'ready-only';
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({ 'webhook-events': events }) });
    dispatcher.register({ url: receiver.url });
    dispatcher.dispatch(videoEvent('v-1', 'processing', 'created'));
    events = 'per-state';
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    dispatcher.dispatch(videoEvent('v-2', 'created', null));
    await dispatcher.idle();
    expect(receiver.deliveries.map((r) => r.json.type)).toEqual(['video.ready', 'video.created']);
  });
});
