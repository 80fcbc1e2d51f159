import {
  deliveryHeader,
  refusedUrl,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@video-api/test-support';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRandom } from '../../src/shared/prng.js';
import { backoffDelay } from '../../src/webhooks/backoff.js';
import { WEBHOOK_HEADERS } from '../../src/webhooks/constants.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { WebhookDispatcher } from '../../src/webhooks/types.js';
import { videoEvent } from './fixtures.js';

let receiver: WebhookReceiver | undefined;
let dispatcher: WebhookDispatcher | undefined;

/**
 * Advances the fake clock by `ms`, then lets the attempts that came due end: Web Crypto signs off
 * the main thread, which the fake clock does not drive (`setImmediate` is not faked here).
 */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  while (dispatcher?.pending().some((delivery) => delivery.inFlight))
    await new Promise((resolve) => setImmediate(resolve));
}
afterEach(async () => {
  vi.useRealTimers();
  await dispatcher?.close();
  await receiver?.close();
  receiver = undefined;
  dispatcher = undefined;
});

describe('retries', () => {
  it('retry after a 500 with a backoff in [base/2, base], then stop at the 200', async () => {
    receiver = await startWebhookReceiver({ statuses: [500, 200] });
    dispatcher = createWebhookDispatcher({ readings: () => ({}), retry: { attempts: 4, baseMs: 20 } });
    const { id } = dispatcher.register({ url: receiver.url });
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    const records = dispatcher.deliveries();
    expect(records.map((r) => [r.attempt, r.status, r.ok, r.targetId])).toEqual([
      [1, 500, false, id],
      [2, 200, true, id],
    ]);
    expect(records[0]?.retryInMs).toBeGreaterThanOrEqual(10);
    expect(records[0]?.retryInMs).toBeLessThanOrEqual(20);
    expect(records[1]?.retryInMs).toBeUndefined();
    expect(receiver.deliveries.map((r) => deliveryHeader(r, WEBHOOK_HEADERS.attempt))).toEqual(['1', '2']);
    const ids = receiver.deliveries.map((r) => deliveryHeader(r, WEBHOOK_HEADERS.id));
    expect(ids[0]).toBe(ids[1]);
    expect(receiver.deliveries[0]?.body).toBe(receiver.deliveries[1]?.body);
  });

  it('give up after the last attempt, then deliver the next event (in order)', async () => {
    receiver = await startWebhookReceiver({ statuses: [503, 503, 503, 204] });
    dispatcher = createWebhookDispatcher({ readings: () => ({}), retry: { attempts: 3, baseMs: 4 } });
    dispatcher.register({ url: receiver.url });
    dispatcher.dispatch(videoEvent('v-1', 'processing', 'created'));
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    const records = dispatcher.deliveries();
    expect(records.map((r) => [r.event, r.attempt, r.status])).toEqual([
      ['video.processing', 1, 503],
      ['video.processing', 2, 503],
      ['video.processing', 3, 503],
      ['video.ready', 1, 204],
    ]);
    expect(records.map((r) => r.retryInMs === undefined)).toEqual([false, false, true, true]);
  });

  it('record a network error when nobody listens, and a timeout when the receiver hangs', async () => {
    const url = `${await refusedUrl()}/hooks`;
    receiver = await startWebhookReceiver({ statuses: ['hang'] });
    // Two dispatchers: a refused connection must not race a short timeout on a loaded machine.
    const refused = createWebhookDispatcher({
      readings: () => ({}),
      retry: { attempts: 1, baseMs: 1 },
      timeoutMs: 30_000,
    });
    dispatcher = createWebhookDispatcher({
      readings: () => ({}),
      retry: { attempts: 1, baseMs: 1 },
      timeoutMs: 50,
    });
    refused.register({ url });
    dispatcher.register({ url: receiver.url });
    refused.dispatch(videoEvent('v-1', 'ready', 'processing'));
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await Promise.all([refused.idle(), dispatcher.idle()]);
    await refused.close();
    const errors = [...refused.deliveries(), ...dispatcher.deliveries()].map((r) => [r.url, r.ok, r.error]);
    expect(errors).toContainEqual([url, false, 'ECONNREFUSED']);
    expect(errors).toContainEqual([receiver.url, false, 'timed out after 50 ms']);
  });

  it('draw every backoff within [cap/2, cap] with cap = min(maxMs, base·2^(attempt-1)) (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer(),
        (attempt, baseMs, maxMs, seed) => {
          const cap = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
          const delay = backoffDelay(attempt, { attempts: 31, baseMs, maxMs }, createRandom(seed));
          expect(delay).toBeGreaterThanOrEqual(Math.floor(cap / 2));
          expect(delay).toBeLessThanOrEqual(cap);
          expect(backoffDelay(attempt, { attempts: 31, baseMs, maxMs }, createRandom(seed))).toBe(delay);
        },
      ),
    );
  });
});

describe('close()', () => {
  it('leaves no pending timer: neither a retry nor a reorder window (virtual clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls: string[] = [];
    const fakeFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(String(init?.body));
      return new Response(null, { status: 500 });
    }) as typeof fetch;
    let delivery = 'once-in-order';
    dispatcher = createWebhookDispatcher({
      readings: () => ({ 'webhook-delivery': delivery }),
      fetch: fakeFetch,
      retry: { attempts: 5, baseMs: 1000 },
      reorderWindowMs: 5000,
    });
    dispatcher.register({ url: 'http://127.0.0.1:9/hooks' });
    dispatcher.dispatch(videoEvent('v-1', 'processing', 'created'));
    await advance(0);
    expect(calls).toHaveLength(1);
    delivery = 'reordered';
    dispatcher.dispatch(videoEvent('v-2', 'created', null));
    // A retry sleep and the reorder window are pending.
    expect(vi.getTimerCount()).toBe(2);
    let idle = false;
    void dispatcher.idle().then(() => {
      idle = true;
    });
    await dispatcher.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(idle).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    dispatcher.dispatch(videoEvent('v-3', 'created', null));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts a delivery in flight over HTTP and resolves', async () => {
    receiver = await startWebhookReceiver({ statuses: ['hang'] });
    dispatcher = createWebhookDispatcher({ readings: () => ({}), retry: { attempts: 3, baseMs: 10 } });
    dispatcher.register({ url: receiver.url });
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await receiver.waitFor(1);
    await dispatcher.close();
    await dispatcher.idle();
    expect(dispatcher.deliveries().map((r) => [r.attempt, r.ok, r.error, r.retryInMs])).toEqual([
      [1, false, 'dispatcher closed', undefined],
    ]);
  });
});

describe('bounds', () => {
  it('drop and log events beyond maxQueue for a target that does not keep up', async () => {
    const logged: Array<{ msg?: string }> = [];
    receiver = await startWebhookReceiver({ statuses: ['hang'] });
    dispatcher = createWebhookDispatcher({ readings: () => ({}), maxQueue: 2, log: (e) => logged.push(e) });
    dispatcher.register({ url: receiver.url });
    for (const state of ['created', 'processing', 'ready', 'failed'])
      dispatcher.dispatch(videoEvent('v-1', state, null));
    await receiver.waitFor(1);
    expect(logged.filter((e) => e.msg === 'webhook queue full, event dropped')).toHaveLength(2);
  });

  it('keep only the last maxRecords attempts', async () => {
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({}), maxRecords: 3 });
    dispatcher.register({ url: receiver.url });
    for (const state of ['created', 'processing', 'ready', 'failed'])
      dispatcher.dispatch(videoEvent('v-1', state, null));
    await dispatcher.idle();
    expect(dispatcher.deliveries().map((r) => [r.id, r.event])).toEqual([
      ['dlv_2', 'video.processing'],
      ['dlv_3', 'video.ready'],
      ['dlv_4', 'video.failed'],
    ]);
  });
});

describe("a receiver's Retry-After", () => {
  it.each([
    ['seconds', '7', 7000],
    ['an HTTP date', new Date(Date.parse('2026-01-01T00:00:09.000Z')).toUTCString(), 9000],
  ])(
    'on a 429 in %s postpones the retry beyond the backoff (virtual clock)',
    async (_kind, value, waitMs) => {
      vi.useFakeTimers({
        toFake: ['setTimeout', 'clearTimeout', 'Date'],
        now: Date.parse('2026-01-01T00:00:00.000Z'),
      });
      let calls = 0;
      const fakeFetch = (async () => {
        calls += 1;
        return calls === 1
          ? new Response(null, { status: 429, headers: { 'Retry-After': value } })
          : new Response(null, { status: 204 });
      }) as typeof fetch;
      dispatcher = createWebhookDispatcher({
        readings: () => ({}),
        fetch: fakeFetch,
        retry: { attempts: 3, baseMs: 10 },
      });
      dispatcher.register({ url: 'http://127.0.0.1:9/hooks' });
      dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
      await advance(0);
      expect(dispatcher.deliveries()[0]).toMatchObject({ status: 429, retryInMs: waitMs });
      await advance(waitMs - 1);
      expect(calls).toBe(1);
      await advance(1);
      expect(calls).toBe(2);
      await dispatcher.idle();
      expect(dispatcher.deliveries().map((r) => r.status)).toEqual([429, 204]);
    },
  );
});
