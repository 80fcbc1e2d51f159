import { type ReadingOf, readingsOf } from '@video-api/schema';
import { deliveryHeader, startWebhookReceiver, type WebhookReceiver } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_HEADERS } from '../../src/webhooks/constants.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { VideoEvent, WebhookDispatcher } from '../../src/webhooks/types.js';
import { lifecycle, videoEvent } from './fixtures.js';

const events = (): VideoEvent[] => [
  ...lifecycle('v-1'),
  ...lifecycle('v-2'),
  videoEvent('v-3', 'created', null),
];

async function deliver(reading: string, seed: number) {
  const receiver = await startWebhookReceiver();
  const dispatcher = createWebhookDispatcher({
    readings: () => ({ 'webhook-delivery': reading, 'webhook-payload': 'flat' }),
    seed,
    reorderWindowMs: 20,
  });
  dispatcher.register({ url: receiver.url });
  const sent = events();
  for (const event of sent) dispatcher.dispatch(event);
  await dispatcher.idle();
  const seen = receiver.deliveries.map((r) => ({
    id: deliveryHeader(r, WEBHOOK_HEADERS.id) as string,
    body: r.body,
    name: `${r.json.videoKey} ${r.json.event}`,
  }));
  await dispatcher.close();
  await receiver.close();
  return { sent: sent.map((e) => `${e.videoKey} video.${e.state}`), seen, records: dispatcher.deliveries() };
}

/** Node 20 has no Map.groupBy. */
function groupById<T extends { id: string }>(items: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.id, [...(groups.get(item.id) ?? []), item]);
  return groups;
}

type Outcome = Awaited<ReturnType<typeof deliver>>;

/** One row per `webhook-delivery` reading of the registry. */
const deliveries: Record<ReadingOf<'webhook-delivery'>, (outcome: Outcome) => void> = {
  'once-in-order': ({ sent, seen }) => {
    expect(seen.map((s) => s.name)).toEqual(sent);
    expect(new Set(seen.map((s) => s.id)).size).toBe(sent.length);
  },
  duplicates: ({ sent, seen, records }) => {
    const byId = groupById(seen);
    expect(byId.size).toBe(sent.length);
    for (const copies of byId.values()) {
      expect(copies.length).toBeGreaterThanOrEqual(2);
      expect(copies.length).toBeLessThanOrEqual(3);
      expect(new Set(copies.map((c) => c.body)).size).toBe(1);
    }
    // Copies follow their original: the order of first appearances is the order of events.
    expect([...byId.values()].map((copies) => copies[0]?.name)).toEqual(sent);
    expect(records.filter((r) => r.copy > 0).length).toBe(seen.length - sent.length);
  },
  reordered: ({ sent, seen }) => {
    expect(seen.map((s) => s.name)).not.toEqual(sent);
    expect(seen.map((s) => s.name).sort()).toEqual([...sent].sort());
    expect(new Set(seen.map((s) => s.id)).size).toBe(sent.length);
  },
};

describe('webhook-delivery', () => {
  it('has a row for every reading of the registry', () => {
    expect(Object.keys(deliveries).sort()).toEqual([...readingsOf('webhook-delivery')].sort());
  });

  it.each(Object.entries(deliveries))(
    'plays %s over HTTP, reproducibly for a seed',
    async (reading, check) => {
      const first = await deliver(reading, 11);
      check(first);
      const again = await deliver(reading, 11);
      expect(again.seen.map((s) => s.name)).toEqual(first.seen.map((s) => s.name));
    },
  );

  it('shows at least one third copy under duplicates and a different order under reordered for another seed', async () => {
    const counts = async (seed: number) => {
      const { seen } = await deliver('duplicates', seed);
      return [...groupById(seen).values()].map((c) => c.length);
    };
    expect(await counts(11)).toContain(3);
    const orders = await Promise.all(
      [5, 6, 7].map(async (seed) => (await deliver('reordered', seed)).seen.map((s) => s.name).join()),
    );
    expect(new Set(orders).size).toBeGreaterThan(1);
  });
});

describe('the dispatcher', () => {
  let receiver: WebhookReceiver;
  let dispatcher: WebhookDispatcher;
  afterEach(async () => {
    await dispatcher?.close();
    await receiver?.close();
  });

  it('delivers every event to every target, with one event id across targets', async () => {
    receiver = await startWebhookReceiver();
    const other = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({}) });
    dispatcher.register({ url: receiver.url });
    dispatcher.register({ url: other.url });
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    expect(receiver.deliveries).toHaveLength(1);
    expect(other.deliveries).toHaveLength(1);
    const [mine, theirs] = [receiver.deliveries[0], other.deliveries[0]];
    expect(mine && deliveryHeader(mine, WEBHOOK_HEADERS.id)).toMatch(/^evt_/);
    expect(theirs && deliveryHeader(theirs, WEBHOOK_HEADERS.id)).toBe(
      mine && deliveryHeader(mine, WEBHOOK_HEADERS.id),
    );
    await other.close();
  });

  it('stops delivering to a target once it is unregistered', async () => {
    receiver = await startWebhookReceiver();
    dispatcher = createWebhookDispatcher({ readings: () => ({}) });
    const { id } = dispatcher.register({ url: receiver.url });
    expect(dispatcher.list()).toEqual([{ id, url: receiver.url }]);
    expect(dispatcher.unregister(id)).toBe(true);
    expect(dispatcher.unregister(id)).toBe(false);
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    expect(receiver.deliveries).toHaveLength(0);
    expect(dispatcher.list()).toEqual([]);
  });

  it.each([
    ['a relative URL', '/hooks'],
    ['another scheme', 'ftp://127.0.0.1/hooks'],
    ['not a URL', 'hooks please'],
  ])('refuses to register %s with a TypeError that says what is accepted', (_name, url) => {
    dispatcher = createWebhookDispatcher({ readings: () => ({}) });
    expect(() => dispatcher.register({ url })).toThrow(
      /\/url must be an absolute http:\/\/ or https:\/\/ URL/,
    );
    expect(dispatcher.list()).toEqual([]);
  });
});
