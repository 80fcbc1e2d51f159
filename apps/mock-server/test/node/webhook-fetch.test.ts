/** The Node fetch of webhook deliveries: a real request to a local receiver, connect-time refusals, no redirects. */
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import {
  deliveryHeader,
  type Listening,
  listenHttp,
  refusedUrl,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedLookup } from '../../src/node/webhooks/guarded-lookup.js';
import { createWebhookFetch } from '../../src/node/webhooks/webhook-fetch.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import type { WebhookDispatcher } from '../../src/webhooks/types.js';
import { videoEvent } from '../webhooks/fixtures.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

async function receiver(statuses?: number[]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(statuses ? { statuses } : {});
  open.push(started);
  return started;
}

/** A lookup that answers each call with the next of `answers` (the last one repeats) and records how it was called. */
function scriptedLookup(...answers: string[][]) {
  const calls: Array<{ hostname: string; all: boolean }> = [];
  const lookup = ((hostname, options, callback) => {
    const addresses = answers[Math.min(calls.length, answers.length - 1)] as string[];
    calls.push({ hostname, all: options.all === true });
    const entries: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, entries);
    else callback(null, entries[0]?.address ?? '', entries[0]?.family);
  }) as LookupFunction;
  return { lookup, calls };
}

describe('the webhook fetch of the Node platform', () => {
  it('sends method, headers and body intact to a 127.0.0.1 receiver and returns its status and headers', async () => {
    const hooks = await receiver([202]);
    const fetch = createWebhookFetch({ allow: [] });
    const response = await fetch(`${hooks.url}?q=1`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'Webhook-Id': 'evt_1' },
      body: '{"a":"é"}',
    });
    expect(response.status).toBe(202);
    const [delivery] = await hooks.waitFor(1);
    expect(delivery?.method).toBe('PUT');
    expect(delivery?.path).toBe('/hooks?q=1');
    expect(delivery?.body).toBe('{"a":"é"}');
    expect(deliveryHeader(delivery as never, 'Webhook-Id')).toBe('evt_1');
    expect(deliveryHeader(delivery as never, 'content-length')).toBe(String(Buffer.byteLength('{"a":"é"}')));
  });

  it('connects to a name through its lookup, asked for every address (autoSelectFamily)', async () => {
    const hooks = await receiver();
    const { lookup, calls } = scriptedLookup(['127.0.0.1']);
    const fetch = createWebhookFetch({ allow: [], lookup });
    const url = hooks.url.replace('127.0.0.1', 'hooks.test');
    expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(204);
    expect(calls).toEqual([{ hostname: 'hooks.test', all: true }]);
    expect(deliveryHeader((await hooks.waitFor(1))[0] as never, 'host')).toBe(new URL(url).host);
  });

  it('refuses at connect time a name that resolved to 127.0.0.1 at registration and to 169.254.169.254 now', async () => {
    const hooks = await receiver();
    const { lookup, calls } = scriptedLookup(['127.0.0.1'], ['169.254.169.254']);
    const fetch = createWebhookFetch({ allow: [], lookup });
    const dispatcher: WebhookDispatcher = createWebhookDispatcher({ readings: () => ({}), fetch });
    open.push(dispatcher);
    const url = hooks.url.replace('127.0.0.1', 'evil-rebind.test');
    expect(await dispatcher.refusal(url)).toBeUndefined(); // registration: 127.0.0.1
    const { id } = dispatcher.register({ url });
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    const refusal = `webhook target ${url} is refused: evil-rebind.test resolves to 169.254.169.254, a link-local address (cloud metadata services answer there); start the mock with --allow-webhook-target 169.254.169.254 (or evil-rebind.test) (option allowWebhookTargets) to allow it`;
    expect(dispatcher.deliveries()).toEqual([
      expect.objectContaining({ targetId: id, ok: false, error: refusal }),
    ]);
    expect(dispatcher.deliveries()[0]).not.toHaveProperty('retryInMs');
    expect(dispatcher.givenUp()).toEqual([
      expect.objectContaining({ targetId: id, attempts: 1, lastError: refusal }),
    ]);
    expect(calls.length).toBe(2);
    expect(hooks.deliveries).toEqual([]);
  });

  it('refuses an answer that holds one refused address among good ones, unless an entry allows it', async () => {
    const hooks = await receiver();
    const url = hooks.url.replace('127.0.0.1', 'mixed.test');
    const mixed = () => scriptedLookup(['127.0.0.1', '169.254.169.254']).lookup;
    await expect(
      createWebhookFetch({ allow: [], lookup: mixed() })(url, { method: 'POST' }),
    ).rejects.toMatchObject({
      code: 'ERR_WEBHOOK_TARGET_REFUSED',
      message: expect.stringContaining('mixed.test resolves to 169.254.169.254'),
    });
    expect(hooks.deliveries).toEqual([]);
    const allowed = createWebhookFetch({ allow: ['169.254.169.254'], lookup: mixed() });
    expect((await allowed(url, { method: 'POST' })).status).toBe(204);
    expect(hooks.deliveries.length).toBe(1);
  });

  it('refuses literal and metadata-name targets before any lookup or connection', async () => {
    const { lookup, calls } = scriptedLookup(['127.0.0.1']);
    const fetch = createWebhookFetch({ allow: [], lookup });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://metadata.google.internal/',
    ])
      await expect(fetch(url, { method: 'POST' })).rejects.toMatchObject({
        code: 'ERR_WEBHOOK_TARGET_REFUSED',
        message: expect.stringContaining(`webhook target ${url} is refused`),
      });
    expect(calls).toEqual([]);
  });

  it('checks the single-address form of a lookup too', async () => {
    const { lookup } = scriptedLookup(['169.254.169.254']);
    const guarded = guardedLookup(
      (address) => (address.startsWith('169.254.') ? new Error(`no ${address}`) : undefined),
      lookup,
    );
    const answer = await new Promise<unknown>((resolve) =>
      guarded('x.test', {}, (error) => resolve(error?.message)),
    );
    expect(answer).toBe('no 169.254.169.254');
  });

  it('does not follow a redirect: the 3xx is returned and its Location gets nothing', async () => {
    const second = await receiver();
    const first: Listening = await listenHttp((_, response) => {
      response.writeHead(302, { Location: second.url }).end();
    });
    open.push(first);
    const response = await createWebhookFetch({ allow: [] })(`${first.url}/hooks`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(second.url);
    expect(second.deliveries).toEqual([]);
  });

  it('stops a request when its signal aborts', async () => {
    const hanging: Listening = await listenHttp(() => {});
    open.push(hanging);
    const controller = new AbortController();
    const pending = createWebhookFetch({ allow: [] })(hanging.url, {
      method: 'POST',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('timed out after 50 ms')), 50);
    await expect(pending).rejects.toThrow('timed out after 50 ms');
  });

  it('fails a connection as the global fetch does: a TypeError whose cause is the network error', async () => {
    const url = await refusedUrl();
    const error = await createWebhookFetch({ allow: [] })(url, { method: 'POST' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });
  });
});
