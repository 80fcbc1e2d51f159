import { refusedUrl, startWebhookReceiver, type WebhookReceiver } from '@video-api/test-support';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhookRoutes } from '../../src/control/webhook-routes.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { WebhookDispatcher, WebhookLogEntry } from '../../src/webhooks/types.js';
import { videoEvent } from './fixtures.js';

let receiver: WebhookReceiver | undefined;
let dispatcher: WebhookDispatcher | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await receiver?.close();
  receiver = undefined;
  dispatcher = undefined;
});

/** A virtual clock that only moves when told (as `realTimeClock: false`). */
function manualClock() {
  let now = Date.parse('2026-01-01T00:00:00Z');
  return { realTime: false, now: () => now, advance: (ms: number) => (now += ms) };
}

/** Makes every attempt that came due until none is due or in flight. */
async function drain(webhooks: WebhookDispatcher, clock: { now(): number }) {
  await vi.waitFor(() => {
    const waiting = webhooks.pending();
    expect(
      waiting.every((p) => !p.inFlight && (p.attempts === 0 || Date.parse(p.nextAttemptAt) > clock.now())),
    ).toBe(true);
  });
}

describe('events given up when the retry window closes (virtual clock)', () => {
  it('logs each at warn, lists it, and redelivers it per event and per target', async () => {
    const clock = manualClock();
    const logged: WebhookLogEntry[] = [];
    const url = await refusedUrl();
    dispatcher = createWebhookDispatcher({
      readings: () => ({}),
      clock,
      retry: { baseMs: 1000, maxMs: 1000, windowMs: 3000 },
      log: (entry) => logged.push(entry),
    });
    const webhooks = dispatcher;
    const { id } = webhooks.register({ url: `${url}/hooks` });
    webhooks.dispatch(videoEvent('v-1', 'created', null));
    webhooks.dispatch(videoEvent('v-1', 'ready', 'created'));
    for (let step = 0; step < 12 && webhooks.pending().length > 0; step++) {
      await drain(webhooks, clock);
      clock.advance(1000);
      webhooks.settle();
    }
    await webhooks.idle();
    const givenUp = webhooks.givenUp();
    expect(givenUp.map((d) => [d.event, d.targetId, d.lastError])).toEqual([
      ['video.created', id, 'ECONNREFUSED'],
      ['video.ready', id, 'ECONNREFUSED'],
    ]);
    for (const d of givenUp) expect(d.attempts).toBeGreaterThanOrEqual(3);
    expect(logged.filter((e) => e.level === 'warn' && e.msg === 'webhook event given up')).toHaveLength(2);
    expect(
      logged.filter((e) => e.level === 'info' && e.msg === 'webhook delivery failed').length,
    ).toBeGreaterThan(4);

    const admin = new Hono().route('/__mock/webhooks', webhookRoutes(webhooks));
    const listed = await admin.request(`/__mock/webhooks/given-up?targetId=${id}`);
    expect(((await listed.json()) as { givenUp: unknown[] }).givenUp).toHaveLength(2);
    expect((await admin.request('/__mock/webhooks/given-up?status=x')).status).toBe(400);
    expect(
      (await admin.request('/__mock/webhooks/given-up/redeliver?eventId=evt_none', { method: 'POST' }))
        .status,
    ).toBe(404);
    expect(
      (await admin.request('/__mock/webhooks/given-up/redeliver?targetId=wh_404', { method: 'POST' })).status,
    ).toBe(404);
    expect((await admin.request('/__mock/webhooks/given-up/redeliver', { method: 'POST' })).status).toBe(400);
    expect(() => webhooks.redeliver({})).toThrow(RangeError);

    const first = givenUp[0]?.eventId ?? '';
    const one = await admin.request(`/__mock/webhooks/given-up/redeliver?eventId=${first}`, {
      method: 'POST',
    });
    expect(one.status).toBe(200);
    expect(
      ((await one.json()) as { redelivered: Array<{ eventId: string }> }).redelivered.map((d) => d.eventId),
    ).toEqual([first]);
    expect(webhooks.givenUp().map((d) => d.event)).toEqual(['video.ready']);
    expect(webhooks.pending().map((d) => [d.event, d.attempts, d.inFlight])).toEqual([
      ['video.created', 0, true],
    ]);
    const all = await admin.request(`/__mock/webhooks/given-up/redeliver?targetId=${id}`, { method: 'POST' });
    expect(((await all.json()) as { redelivered: unknown[] }).redelivered).toHaveLength(1);
    expect(webhooks.givenUp()).toEqual([]);
    expect(webhooks.pending().map((d) => d.event)).toEqual(['video.created', 'video.ready']);
  });

  it('delivers a redelivered event to a receiver that came back, with the same id and body', async () => {
    const clock = manualClock();
    receiver = await startWebhookReceiver({ statuses: [503, 503, 204] });
    dispatcher = createWebhookDispatcher({
      readings: () => ({}),
      clock,
      retry: { baseMs: 1000, maxMs: 1000, attempts: 2 },
    });
    const webhooks = dispatcher;
    webhooks.register({ url: receiver.url });
    webhooks.dispatch(videoEvent('v-2', 'ready', 'processing'));
    await drain(webhooks, clock);
    clock.advance(1000);
    webhooks.settle();
    await webhooks.idle();
    const [gone] = webhooks.givenUp();
    expect(gone?.attempts).toBe(2);
    webhooks.redeliver({ eventId: gone?.eventId ?? '' });
    await webhooks.idle();
    const [a, , c] = await receiver.waitFor(3);
    expect(c?.headers['webhook-id']).toBe(a?.headers['webhook-id']);
    expect(c?.body).toBe(a?.body);
    expect(c?.headers['webhook-attempt']).toBe('1');
    expect(webhooks.givenUp()).toEqual([]);
  });
});
