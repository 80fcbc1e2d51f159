import { startWebhookReceiver, type WebhookReceiver } from '@video-api/test-support';
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookRoutes as webhookAdminRoutes } from '../../src/control/webhook-routes.js';
import { createWebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import { ACCEPTED_REGISTRATION } from '../../src/webhooks/registration.js';
import type { WebhookDispatcher } from '../../src/webhooks/types.js';
import { type AdminProblem, adminProblem } from '../support/admin-problem.js';
import { videoEvent } from '../webhooks/fixtures.js';

let dispatcher: WebhookDispatcher;
let receiver: WebhookReceiver | undefined;
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

/** What the registration route says it accepts, in the detail of a refusal. */
const REGISTRATION = '{"url": an absolute http(s) URL, "secret"?: a string of 1 to 1024 characters}';

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
    receiver = await startWebhookReceiver();
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
    const missing = await adminProblem(await send('DELETE', '/wh_1'), 404, 'not-found');
    expect(missing.detail).toBe('No webhook target with id "wh_1".');
    expect(missing.accepted).toEqual({ targets: [] });
  });

  it.each([
    ['a list', '[]', '', 'is not valid: the body must be a JSON object'],
    ['a missing url', '{}', '/url', 'is not valid: /url is required'],
    [
      'a relative url',
      '{"url":"/hooks"}',
      '/url',
      'is not valid: /url must be an absolute http:// or https:// URL',
    ],
    ['a javascript: url', '{"url":"javascript:alert(1)"}', '/url', 'is not valid: /url must be an absolute'],
    [
      'an empty secret',
      '{"url":"http://127.0.0.1:1/h","secret":""}',
      '/secret',
      'is not valid: /secret must not be empty',
    ],
    [
      'an unknown member',
      '{"url":"http://127.0.0.1:1/h","events":["video.ready"]}',
      '',
      'is not valid: the body has unknown member(s) "events"; accepted: url, secret',
    ],
  ])('answer 400 to %s, saying where and what is accepted', async (_name, body, pointer, detail) => {
    const { send } = admin();
    const json = await adminProblem(
      await send('POST', '', body),
      400,
      'validation-failed',
      `The webhook registration ${detail}`,
      `. Accepted: ${REGISTRATION}.`,
    );
    expect(json.detail.startsWith(`The webhook registration ${detail}`)).toBe(true);
    expect(json.issues?.map((i) => i.pointer)).toContain(pointer);
    expect(json.accepted).toEqual(ACCEPTED_REGISTRATION);
    expect(json.accepted).toHaveProperty('url');
    expect(dispatcher.list()).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"url":', 'The webhook registration is not valid JSON: ', /^is not valid JSON: ./],
    [
      'an empty body',
      '',
      'The webhook registration is empty; send a JSON body. ',
      /^is empty; send a JSON body$/,
    ],
  ])('answer 400 to %s, saying so and what is accepted', async (_name, body, detail, issue) => {
    const { send } = admin();
    const json = await adminProblem(
      await send('POST', '', body),
      400,
      'validation-failed',
      `. Accepted: ${REGISTRATION}.`,
    );
    expect(json.detail.startsWith(detail)).toBe(true);
    expect(json.issues).toEqual([{ pointer: '', message: expect.stringMatching(issue) }]);
    expect(dispatcher.list()).toEqual([]);
  });

  it.each([
    ['{"url":"http://127.0.0.1:1/h","secret":5}', '/secret', 'must be a string, got the number 5'],
    ['{}', '/url', 'is required and must be a string (an absolute http or https URL)'],
    ['{"url":42}', '/url', 'must be a string (an absolute http or https URL), got the number 42'],
    ['{"url":"/hooks"}', '/url', 'must be an absolute http:// or https:// URL, got the string "/hooks"'],
  ])('say what a member got, where, and what is accepted: %s', async (body, pointer, message) => {
    const { send } = admin();
    const json = await adminProblem(await send('POST', '', body), 400, 'validation-failed');
    expect(json.issues).toEqual([{ pointer, message }]);
    expect(json.detail).toBe(
      `The webhook registration is not valid: ${pointer} ${message}. Accepted: ${REGISTRATION}.`,
    );
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
    await adminProblem(
      plain,
      415,
      'unsupported-media-type',
      'The webhook registration must be JSON (Content-Type: application/json)',
      'got Content-Type "text/plain',
      `Accepted: ${REGISTRATION}.`,
    );
    const large = await send('POST', '', `{"url":"http://127.0.0.1:1/h"}${' '.repeat(1024 * 1024)}`);
    await adminProblem(
      large,
      413,
      'payload-too-large',
      'The webhook registration is larger than 1048576 bytes (1 MiB)',
      `Accepted: ${REGISTRATION}.`,
    );
    expect(dispatcher.list()).toEqual([]);
  });

  // A body the reader could not take (not JSON, empty, 415, 413) still says what is accepted.
  it('answer an unreadable body with `accepted` too', async () => {
    const { send } = admin();
    const answers = [
      await send('POST', '', '{"url":'),
      await send('POST', '', ''),
      await send('POST', '', `{"url":"http://127.0.0.1:1/h"}${' '.repeat(1024 * 1024)}`),
      await new Hono()
        .route('/__mock/webhooks', webhookAdminRoutes(dispatcher))
        .request('/__mock/webhooks', { method: 'POST', body: '{"url":"http://127.0.0.1:1/h"}' }),
    ];
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as AdminProblem[];
    expect(bodies.map((b) => b.accepted)).toEqual(bodies.map(() => ACCEPTED_REGISTRATION));
  });

  it('answer 400 to an unknown deliveries filter, naming each and the accepted ones', async () => {
    const { send } = admin();
    const json = await adminProblem(
      await send('GET', '/deliveries?status=500&targetId=wh_1&x=1'),
      400,
      'validation-failed',
      'The deliveries query is not valid: ?status is not a filter (and 1 more problem(s))',
      'Accepted: the filters eventId, targetId, videoKey, event.',
    );
    expect(json.issues).toEqual([
      { pointer: '?status', message: 'is not a filter' },
      { pointer: '?x', message: 'is not a filter' },
    ]);
    expect(json.accepted).toEqual({ filters: ['eventId', 'targetId', 'videoKey', 'event'] });
  });

  it('answer any body with 201 or a 400 problem that says what was wrong, never a throw or a 5xx (property)', async () => {
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
          if (response.status === 400) {
            const json = await adminProblem(
              response,
              400,
              'validation-failed',
              `. Accepted: ${REGISTRATION}.`,
            );
            expect(json.detail).toMatch(
              /^The webhook registration (is not valid: .{10,}|is empty; .{10,}|is not valid JSON: .{10,})/,
            );
            expect(json.issues?.length).toBeGreaterThan(0);
            const [first, ...more] = json.issues ?? [];
            if (json.detail.startsWith('The webhook registration is not valid: ')) {
              const where = first?.pointer === '' ? 'the body' : first?.pointer;
              const counted = more.length > 0 ? ` (and ${more.length} more problem(s))` : '';
              expect(json.detail).toBe(
                `The webhook registration is not valid: ${where} ${first?.message}${counted}. Accepted: ${REGISTRATION}.`,
              );
              expect(json.accepted).toEqual(ACCEPTED_REGISTRATION);
            }
            expect(dispatcher.list()).toHaveLength(before);
          } else {
            const json = (await response.json()) as { id: string; url: string; secret: string };
            expect(json.id).toMatch(/^wh_\d+$/);
            expect(dispatcher.list()).toHaveLength(before + 1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
