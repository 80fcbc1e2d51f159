/** What an effect test of one reading gets, and helpers the effect tables share. */
import type { ReadingOf, UnspecifiedIdWithReadings } from '@video-api/schema';
import { startWebhookReceiver } from '@video-api/test-support';
import type { api } from '../support/api.js';

type Api = ReturnType<typeof api>;
export interface Ctx {
  h: Api;
  /** Request init that selects the reading (header mode) or nothing (option and flag modes). */
  init: { reading?: string; headers?: Record<string, string> };
  /** Asserts that `res` names the reading under test as played. */
  playedIt: (res: Response) => void;
}
export type Effect = (ctx: Ctx) => Promise<void>;
/** One effect test per reading of every unknown: a missing one is a type error. */
export type Table = { [Id in UnspecifiedIdWithReadings]: { [R in ReadingOf<Id>]: Effect } };

export const OTHER = { authorization: 'Bearer other' };
export const NONE = { authorization: '' };
export const BIG = new Blob(['x'.repeat(20)]);

export async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

export async function uploadedAndReady({ h, init }: Ctx, key: string) {
  await h.upload(key, undefined, init);
  await h.app.mock.advanceClock(2000);
}

/** Creates videos, registers a receiver, and returns what it got once deliveries are idle. */
export async function deliveries({ h, init }: Ctx, count = 1) {
  const receiver = await startWebhookReceiver();
  try {
    h.app.mock.webhooks.register({ url: receiver.url, secret: 'test-secret' });
    const res = await h.create(
      { projectKey: 'p', videos: Array.from({ length: count }, (_, i) => ({ title: `v${i}` })) },
      init,
    );
    await h.app.mock.webhooks.idle();
    return { res, received: receiver.deliveries };
  } finally {
    await receiver.close();
  }
}
