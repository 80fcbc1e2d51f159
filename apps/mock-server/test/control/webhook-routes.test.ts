import fc from 'fast-check';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookRoutes as webhookAdminRoutes } from '../../src/control/webhook-routes.js';
import { createWebhookDispatcher, type WebhookDispatcher } from '../../src/webhooks/index.js';
import { type Receiver, startReceiver, videoEvent } from '../webhooks/receiver.js';

let dispatcher: WebhookDispatcher;
let receiver: Receiver | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await receiver?.close();
  receiver = undefined;
});

function admin() {
  dispatcher = createWebhookDispatcher({ readings: () => ({}), retry: { attempts: 1, baseMs: 1 } });
  const app = new Hono();
  app.route('/__mock/webhooks', webhookAdminRoutes(dispatcher));
  const send = (method: string, path = '', body?: string) =>
    app.request(`/__mock/webhooks${path}`, { method, headers: { 'content-type': 'application/json' }, body });
  return { send };
}

/** URLs good and bad (fc.webUrl is too slow for hundreds of runs on a small machine). */
const url = fc
  .tuple(
    fc.constantFrom('http://', 'https://', 'ftp://', 'javascript:', '//', ''),
    fc.constantFrom('127.0.0.1:8080', 'example.test', '[::1]:9000', '', 'a b'),
    fc.string({ maxLength: 30 }),
  )
  .map(([scheme, host, path]) => `${scheme}${host}/${path}`);

describe('the webhook admin routes', () => {
  it('register, list, deliver, filter deliveries and unregister', async () => {
    const { send } = admin();
    receiver = await startReceiver();
    const created = await send('POST', '', JSON.stringify({ url: receiver.url, secret: 'abc' }));
    expect(created.status).toBe(201);
    const target = (await created.json()) as { id: string; url: string; secret: string };
    expect(target).toEqual({ id: 'wh_1', url: receiver.url, secret: 'abc' });
    const listed = (await (await send('GET')).json()) as {
      targets: unknown[];
      headers: Record<string, string>;
    };
    expect(listed.targets).toEqual([{ id: 'wh_1', url: receiver.url }]);
    expect(listed.headers.signature).toBe('Webhook-Signature');

    dispatcher.dispatch(videoEvent('v-1', 'ready', 'processing'));
    dispatcher.dispatch(videoEvent('v-2', 'ready', 'processing'));
    await dispatcher.idle();
    const all = (await (await send('GET', '/deliveries')).json()) as {
      deliveries: Array<{ videoKey: string }>;
    };
    expect(all.deliveries.map((d) => d.videoKey)).toEqual(['v-1', 'v-2']);
    const one = (await (await send('GET', '/deliveries?videoKey=v-2&targetId=wh_1')).json()) as typeof all;
    expect(one.deliveries.map((d) => d.videoKey)).toEqual(['v-2']);

    expect((await send('DELETE', '/wh_1')).status).toBe(204);
    const missing = await send('DELETE', '/wh_1');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: 'not-found',
      message: 'No webhook target with id "wh_1".',
    });
  });

  it.each([
    ['malformed JSON', '{"url":', '', 'invalid-json'],
    ['an empty body', '', '', 'invalid-json'],
    ['a list', '[]', '', 'invalid-webhook'],
    ['a missing url', '{}', '/url', 'invalid-webhook'],
    ['a relative url', '{"url":"/hooks"}', '/url', 'invalid-webhook'],
    ['a javascript: url', '{"url":"javascript:alert(1)"}', '/url', 'invalid-webhook'],
    ['an empty secret', '{"url":"http://127.0.0.1:1/h","secret":""}', '/secret', 'invalid-webhook'],
    ['an unknown member', '{"url":"http://127.0.0.1:1/h","events":["video.ready"]}', '', 'invalid-webhook'],
  ])('answer 400 to %s, saying where and what is accepted', async (_name, body, where, error) => {
    const { send } = admin();
    const response = await send('POST', '', body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      error: string;
      message: string;
      issues: Array<{ where: string }>;
      accepted: object;
    };
    expect(json.error).toBe(error);
    expect(json.message).toMatch(/^Invalid request: /);
    expect(json.issues.map((i) => i.where)).toContain(where);
    expect(json.accepted).toHaveProperty('url');
    expect(dispatcher.list()).toEqual([]);
  });

  it.each([
    ['{"url":"http://127.0.0.1:1/h","secret":5}', '/secret', 'must be a string, got the number 5'],
    ['{}', '/url', 'is required and must be a string (an absolute http or https URL)'],
    ['{"url":42}', '/url', 'must be a string (an absolute http or https URL), got the number 42'],
    ['{"url":"/hooks"}', '/url', 'must be an absolute http:// or https:// URL, got the string "/hooks"'],
  ])('say what a member got, where, and what is accepted: %s', async (body, where, message) => {
    const { send } = admin();
    const response = await send('POST', '', body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      message: string;
      issues: Array<{ where: string; message: string }>;
    };
    expect(json.issues).toEqual([{ where, message }]);
    expect(json.message).toBe(`Invalid request: ${where} ${message}.`);
    expect(dispatcher.list()).toEqual([]);
  });

  it('answer 415 to a body that is not JSON and 413 past 1 MiB', async () => {
    const { send } = admin();
    const app = new Hono();
    app.route('/__mock/webhooks', webhookAdminRoutes(dispatcher));
    const plain = await app.request('/__mock/webhooks', {
      method: 'POST',
      body: '{"url":"http://127.0.0.1:1/h"}',
    });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({
      error: 'unsupported-media-type',
      accepted: { url: expect.any(String) },
    });
    const large = await send('POST', '', `{"url":"http://127.0.0.1:1/h"}${' '.repeat(1024 * 1024)}`);
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: 'payload-too-large' });
    expect(dispatcher.list()).toEqual([]);
  });

  it('answer 400 to an unknown deliveries filter', async () => {
    const { send } = admin();
    const response = await send('GET', '/deliveries?status=500');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid-filter', issues: [{ where: '?status' }] });
  });

  it('answer any body with 201 or a 400 that has a message, never a throw or a 5xx (property)', async () => {
    const { send } = admin();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc
            .record({
              url: fc.oneof(url, fc.string()),
              secret: fc.option(fc.string(), { nil: undefined }),
            })
            .map((v) => JSON.stringify(v)),
        ),
        async (body) => {
          const before = dispatcher.list().length;
          const response = await send('POST', '', body);
          expect([201, 400]).toContain(response.status);
          const json = (await response.json()) as { message?: string; id?: string };
          if (response.status === 400) {
            expect(json.message).toMatch(/^Invalid request: .{10,}/);
            expect(dispatcher.list()).toHaveLength(before);
          } else {
            expect(dispatcher.list()).toHaveLength(before + 1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
