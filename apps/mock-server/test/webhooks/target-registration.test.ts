/** Registration of refused webhook targets: the admin route's 400, register(), the start options, the allow option, attempts. */
import type { LookupFunction } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../src/control/webhook-routes.js';
import { createApp } from '../../src/node/index.js';
import { createWebhookFetch } from '../../src/node/webhooks/webhook-fetch.js';
import type { MockApp } from '../../src/types.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import { WebhookTargetRefused } from '../../src/webhooks/target-rules.js';
import type {
  StoredTarget,
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookLedger,
} from '../../src/webhooks/types.js';
import { adminProblem } from '../support/admin-problem.js';
import { videoEvent } from './fixtures.js';

const METADATA = 'http://169.254.169.254/latest/meta-data/';
const REFUSAL = `webhook target ${METADATA} is refused: 169.254.169.254 is a link-local address (cloud metadata services answer there); start the mock with --allow-webhook-target 169.254.169.254 (option allowWebhookTargets) to allow it`;
const json = { 'content-type': 'application/json' };

const closing: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of closing.splice(0)) await item.close();
});

function dispatcherOf(options: Partial<WebhookDispatcherOptions> = {}): WebhookDispatcher {
  const dispatcher = createWebhookDispatcher({ readings: () => ({}), ...options });
  closing.push(dispatcher);
  return dispatcher;
}

function post(dispatcher: WebhookDispatcher, url: string) {
  const app = new Hono().route('/__mock/webhooks', webhookRoutes(dispatcher));
  return app.request('/__mock/webhooks', { method: 'POST', headers: json, body: JSON.stringify({ url }) });
}

function mock(options: Parameters<typeof createApp>[0] = {}): MockApp {
  const app = createApp(options);
  closing.push({ close: () => app.mock.close() });
  return app;
}

/** A lookup that answers every name with `address`. */
const answering =
  (address: string): LookupFunction =>
  (_, options, callback) =>
    options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4);

describe('registering a refused webhook target', () => {
  it('the admin API answers 400 with the refusal, naming the option, and registers nothing', async () => {
    const dispatcher = dispatcherOf();
    const problem = await adminProblem(await post(dispatcher, METADATA), 400, 'validation-failed');
    expect(problem.detail).toBe(`${REFUSAL}.`);
    expect(problem.issues).toEqual([
      { pointer: '/url', message: REFUSAL.slice(REFUSAL.indexOf('is refused')) },
    ]);
    expect(dispatcher.list()).toEqual([]);
  });

  it('the admin API of createApp (Node) refuses it too, and allowWebhookTargets lets it register', async () => {
    const refused = await mock().request('/__mock/webhooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: METADATA }),
    });
    expect((await adminProblem(refused, 400, 'validation-failed')).detail).toBe(`${REFUSAL}.`);
    const allowed = await mock({ allowWebhookTargets: ['169.254.0.0/16'] }).request('/__mock/webhooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: METADATA }),
    });
    expect(allowed.status).toBe(201);
    expect(await allowed.json()).toMatchObject({ id: 'wh_1', url: METADATA });
  });

  it('resolves the name over the admin API (Node) and refuses it when an address is refused', async () => {
    const fetch = createWebhookFetch({ allow: [], lookup: answering('169.254.169.254') });
    const problem = await adminProblem(
      await post(dispatcherOf({ fetch }), 'http://evil-rebind.test/hooks'),
      400,
      'validation-failed',
      'evil-rebind.test resolves to 169.254.169.254, a link-local address',
      '--allow-webhook-target 169.254.169.254 (or evil-rebind.test)',
    );
    expect(problem.issues?.[0]?.pointer).toBe('/url');
    const allow = ['evil-rebind.test'];
    const allowedFetch = createWebhookFetch({ allow, lookup: answering('169.254.169.254') });
    expect(
      (await post(dispatcherOf({ fetch: allowedFetch, allowTargets: allow }), 'http://evil-rebind.test/'))
        .status,
    ).toBe(201);
  });

  it('register() in process throws on a literal or named target (it does not resolve names)', () => {
    const dispatcher = dispatcherOf();
    expect(() => dispatcher.register({ url: METADATA })).toThrow(new WebhookTargetRefused(REFUSAL));
    expect(() => dispatcher.register({ url: 'http://metadata.goog/' })).toThrow(WebhookTargetRefused);
    expect(dispatcher.register({ url: 'http://127.0.0.1:9/hooks' }).secret).toMatch(/^whsec_/);
    expect(
      dispatcherOf({ allowTargets: ['metadata.goog'] }).register({ url: 'http://metadata.goog/' }).secret,
    ).toBeTruthy();
  });

  it('refuses a start option target, and a bad allow entry, naming the option', () => {
    // The options keep a start URL without its trailing slash.
    expect(() => createApp({ webhooks: [METADATA] })).toThrow(
      `webhooks: ${REFUSAL.replace('data/ is', 'data is')}`,
    );
    expect(() => createApp({ allowWebhookTargets: ['http://x/'] })).toThrow(
      /^allowWebhookTargets: "http:\/\/x\/" is not accepted \(a host name/,
    );
    expect(() =>
      dispatcherOf({ targets: [{ url: METADATA }], allowTargets: ['169.254.169.254'] }),
    ).not.toThrow();
  });
});

describe('an attempt to a refused target', () => {
  it('is checked before it is made, recorded with its reason and given up at once (nothing sent)', async () => {
    // A target kept from an earlier run (before the rules): only the check at each attempt stops it.
    const kept: StoredTarget = { id: 'wh_1', url: 'http://[fe80::1]/hooks', secret: 's', fromOptions: false };
    const ledger: WebhookLedger = {
      targets: () => [kept],
      putTarget() {},
      deleteTarget() {},
      deliveries: () => [],
      enqueue() {},
      update() {},
      remove() {},
    };
    const sent: string[] = [];
    const fetch = (async (input: string | URL | Request) => {
      sent.push(String(input));
      return new Response(null, { status: 204 });
    }) as typeof globalThis.fetch;
    const dispatcher = dispatcherOf({ ledger, fetch });
    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    await dispatcher.idle();
    const reason =
      'webhook target http://[fe80::1]/hooks is refused: fe80::1 is a link-local address (cloud metadata services answer there); start the mock with --allow-webhook-target fe80::1 (option allowWebhookTargets) to allow it';
    expect(dispatcher.deliveries()).toEqual([
      expect.objectContaining({ targetId: 'wh_1', attempt: 1, ok: false, error: reason }),
    ]);
    expect(dispatcher.givenUp()).toEqual([expect.objectContaining({ attempts: 1, lastError: reason })]);
    expect(sent).toEqual([]);
    const app = new Hono().route('/__mock/webhooks', webhookRoutes(dispatcher));
    const listed = (await (await app.request('/__mock/webhooks/deliveries')).json()) as {
      deliveries: unknown[];
    };
    expect(listed.deliveries).toEqual([expect.objectContaining({ error: reason })]);
  });
});
