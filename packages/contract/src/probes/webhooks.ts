/** Probes of the webhook (§6): registers a receiver, makes a video send events, and reads what arrives. */

import type { Context } from '../context/context.js';
import { explain } from '../context/failures.js';
import { showText, VALUE_PREFIX } from '../support/shown.js';
import { recognise } from '../support/signs.js';
import {
  classifyDelivery,
  classifyMethod,
  classifyPayload,
  classifySecurity,
  classifySigning,
  EVENTS,
  eventOf,
} from './webhook-readings.js';
import type { Delivery } from './webhook-receiver.js';
import { startReceiver } from './webhook-receiver.js';

type Json = Record<string, unknown>;
const WEBHOOK_IDS = [
  'webhook-events',
  'webhook-payload',
  'webhook-signing',
  'webhook-delivery',
  'webhook-method',
  'webhook-security',
] as const;

const keyOf = (body: Json): unknown =>
  (body.data as Json | undefined)?.videoKey ?? body.videoKey ?? (body.video as Json | undefined)?.videoKey;

async function notProbed(ctx: Context, why: string): Promise<void> {
  for (const id of WEBHOOK_IDS) await ctx.observe(id, async () => ({ notObserved: `not probed: ${why}` }));
}

export async function probeWebhooks(ctx: Context): Promise<void> {
  const register = ctx.options.registerWebhook;
  if (!register) {
    return notProbed(ctx, 'webhook registration is not shown (§6); give a way to register a receiver');
  }
  if (ctx.stopped) return notProbed(ctx, ctx.stopped.reason);
  const receiver = await startReceiver();
  try {
    let registration: { secret?: string } | undefined;
    try {
      registration = await register(receiver.url);
    } catch (error) {
      return notProbed(ctx, `the receiver could not be registered: ${String(error)}`);
    }
    let key: string | undefined;
    try {
      key = await ctx.step(() => ctx.api.createOne('webhooks'));
    } catch (error) {
      return notProbed(ctx, `no video to send events for: ${explain(error)}`);
    }
    const uploaded = key === undefined ? undefined : await ctx.step(() => ctx.api.upload(key as string));
    if (key === undefined || uploaded === undefined) return notProbed(ctx, 'the run stopped');
    await ctx.step(() => ctx.waitForReady(key));
    const ours = (list: Delivery[]) => list.filter((d) => d.json && keyOf(d.json as Json) === key);
    const isFinal = (d: Delivery) => /ready|fail/i.test(eventOf(d.json as Json));
    await receiver.until((list) => ours(list).some(isFinal), 5000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // late duplicates and reordered events
    const deliveries = ours(receiver.deliveries);
    const names = deliveries.map((d) => eventOf(d.json as Json));
    const none = { notObserved: `no delivery for video ${key} reached the receiver within 5 s` };

    await ctx.observe('webhook-events', async () => {
      if (deliveries.length === 0) return none;
      return recognise(EVENTS, names, `events received: ${names.join(', ')}`);
    });
    await ctx.observe('webhook-payload', async () => {
      const first = deliveries[0];
      if (!first) return none;
      return { reading: classifyPayload(first.json as Json), evidence: showText(first.body, VALUE_PREFIX) };
    });
    await ctx.observe('webhook-signing', async () => {
      const first = deliveries[0];
      return first ? classifySigning(first, registration?.secret) : none;
    });
    await ctx.observe('webhook-delivery', async () =>
      deliveries.length === 0 ? none : classifyDelivery(deliveries),
    );
    await ctx.observe('webhook-method', async () => {
      const first = deliveries[0];
      return first ? classifyMethod(first) : none;
    });
    await ctx.observe('webhook-security', async () => {
      const first = deliveries[0];
      return first ? classifySecurity(first, registration?.secret) : none;
    });
  } finally {
    await receiver.close();
  }
}
