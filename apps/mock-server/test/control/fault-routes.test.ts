import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { faultRoutes as faultAdminRoutes } from '../../src/control/fault-routes.js';
import { createFaults, type FaultRule, validateRule } from '../../src/faults/index.js';

function admin() {
  const faults = createFaults({ seed: 1 });
  const app = new Hono();
  app.route('/__mock/faults', faultAdminRoutes(faults));
  const send = (method: string, body?: unknown, raw?: string) =>
    app.request('/__mock/faults', {
      method,
      headers: { 'content-type': 'application/json' },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  return { faults, send };
}

const validRule: fc.Arbitrary<FaultRule> = fc
  .record(
    {
      route: fc.constantFrom('getVideo', 'createVideos', '/api/v1/videos', '/api/upload/'),
      latencyMs: fc.integer({ min: 0, max: 300_000 }),
      latencyJitterMs: fc.integer({ min: 0, max: 300_000 }),
      errorRate: fc.double({ min: 0, max: 1, noNaN: true }),
      rateLimit: fc.record({
        limit: fc.integer({ min: 1, max: 1000 }),
        windowMs: fc.integer({ min: 1, max: 86_400_000 }),
        retryAfterSeconds: fc.integer({ min: 0, max: 86_400 }),
      }),
      resetRate: fc.double({ min: 0, max: 1, noNaN: true }),
      uploadBytesPerSecond: fc.integer({ min: 1, max: 1e9 }),
      times: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: ['latencyMs'] },
  )
  .map((rule) => rule as FaultRule);

const wrongType = fc.constantFrom<unknown>(null, true, [], {}, 'fast', '12');
const integerField = (max: number) =>
  fc.oneof(
    wrongType,
    fc.integer({ max: -1 }),
    fc.constant(max + 1),
    fc.double({ min: 0.01, max: 0.99 }),
    fc.constant(Number.NaN),
  );
const rateField = fc.oneof(
  wrongType,
  fc.double({ min: 1.0001, max: 1e6, noNaN: true }),
  fc.double({ max: -0.0001, noNaN: true }),
);
/** Values each member must refuse. */
const invalidValues: { [K in keyof Required<FaultRule>]: fc.Arbitrary<unknown> } = {
  route: fc.oneof(
    fc.constantFrom<unknown>('', null, 5, [], {}),
    fc.string({ minLength: 501, maxLength: 600 }),
  ),
  latencyMs: integerField(300_000),
  latencyJitterMs: integerField(300_000),
  errorRate: rateField,
  errorStatus: fc.oneof(wrongType, fc.integer({ min: 0, max: 399 }), fc.integer({ min: 600 })),
  rateLimit: fc.oneof(
    wrongType,
    fc.constant({ limit: 0, windowMs: 1, retryAfterSeconds: 1 }),
    fc.constant({ limit: 1, windowMs: 0, retryAfterSeconds: 1 }),
    fc.constant({ limit: 1, windowMs: 1, retryAfterSeconds: -1 }),
    fc.constant({ limit: 1, windowMs: 1 }),
    fc.constant({ limit: 1, windowMs: 1, retryAfterSeconds: 1, burst: 2 }),
  ),
  resetRate: rateField,
  uploadBytesPerSecond: integerField(10_000_000_000),
  times: fc.oneof(wrongType, fc.integer({ max: 0 }), fc.double({ min: 1.01, max: 1.99 })),
};
const acceptedKeys = Object.keys(invalidValues);

/** A valid rule with one member made invalid, an unknown member, an effect-less rule, or not an object. */
const invalidRule: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .tuple(validRule, fc.constantFrom(...(acceptedKeys as Array<keyof FaultRule>)))
    .chain(([rule, key]) => invalidValues[key].map((value) => ({ ...rule, errorRate: 0.5, [key]: value }))),
  fc
    .tuple(
      validRule,
      fc.string({ minLength: 1 }).filter((k) => !acceptedKeys.includes(k) && k !== '__proto__'),
      fc.jsonValue(),
    )
    .map(([rule, key, value]) => ({ ...rule, [key]: value })),
  fc.record({ route: fc.string({ minLength: 1, maxLength: 20 }), times: fc.integer({ min: 1, max: 10 }) }),
  fc.record({ errorStatus: fc.integer({ min: 400, max: 599 }), latencyMs: fc.constant(1) }),
  fc.jsonValue().filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
);

describe('the fault admin routes', () => {
  it('add, list, replace and clear rules', async () => {
    const { send, faults } = admin();
    expect(await (await send('GET')).json()).toEqual({ rules: [] });
    const added = await send('POST', { route: 'getVideo', latencyMs: 10 });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ rules: [{ route: 'getVideo', latencyMs: 10 }] });
    const replaced = await send('PUT', [{ errorRate: 0.1 }, { resetRate: 0.2, times: 3 }]);
    expect(replaced.status).toBe(200);
    expect(faults.list()).toEqual([{ errorRate: 0.1 }, { resetRate: 0.2, times: 3 }]);
    expect((await send('PUT', { rules: [{ latencyMs: 5 }] })).status).toBe(200);
    expect(faults.list()).toEqual([{ latencyMs: 5 }]);
    expect(await (await send('DELETE')).json()).toEqual({ rules: [] });
  });

  it.each([
    { name: 'malformed JSON', method: 'POST', raw: '{"latencyMs":', where: '', error: 'invalid-json' },
    { name: 'an empty body', method: 'PUT', raw: '', where: '', error: 'invalid-json' },
    {
      name: 'a rate above 1',
      method: 'POST',
      body: { errorRate: 1.5 },
      where: '/errorRate',
      error: 'invalid-fault-rule',
    },
    {
      name: 'an unknown member',
      method: 'POST',
      body: { latency: 5 },
      where: '',
      error: 'invalid-fault-rule',
    },
    {
      name: 'a rule without effect',
      method: 'POST',
      body: { route: 'getVideo' },
      where: '',
      error: 'invalid-fault-rule',
    },
    {
      name: 'errorStatus without errorRate',
      method: 'POST',
      body: { latencyMs: 1, errorStatus: 503 },
      where: '/errorStatus',
      error: 'invalid-fault-rule',
    },
    {
      name: 'a status below 400',
      method: 'POST',
      body: { errorRate: 1, errorStatus: 200 },
      where: '/errorStatus',
      error: 'invalid-fault-rule',
    },
    {
      name: 'a rate limit without its window',
      method: 'POST',
      body: { rateLimit: { limit: 1, retryAfterSeconds: 1 } },
      where: '/rateLimit/windowMs',
      error: 'invalid-fault-rule',
    },
    {
      name: 'a rule list that is an object',
      method: 'PUT',
      body: { latencyMs: 1 },
      where: '',
      error: 'invalid-fault-rules',
    },
    {
      name: 'a bad second rule',
      method: 'PUT',
      body: [{ latencyMs: 1 }, { times: 0, latencyMs: 1 }],
      where: '/1/times',
      error: 'invalid-fault-rules',
    },
  ])(
    'answer 400 to $name, saying where and what is accepted, and change nothing',
    async ({ method, body, raw, where, error }) => {
      const { send, faults } = admin();
      faults.add({ latencyMs: 7 });
      const response = await send(method, body, raw);
      expect(response.status).toBe(400);
      const json = (await response.json()) as {
        error: string;
        message: string;
        issues: Array<{ where: string }>;
        accepted: unknown;
      };
      expect(json.error).toBe(error);
      expect(json.message).toMatch(/^Invalid request: /);
      expect(json.issues.map((i) => i.where)).toContain(where);
      expect(json.accepted).toHaveProperty('rule.errorRate', 'a number from 0 to 1');
      expect(faults.list()).toEqual([{ latencyMs: 7 }]);
    },
  );

  it.each([
    [
      { latencyMs: '5' },
      '/latencyMs',
      'must be an integer from 0 to 300000 (milliseconds), got the string "5"',
    ],
    [{ errorRate: 1.5 }, '/errorRate', 'must be a number from 0 to 1, got the number 1.5'],
    [{ errorRate: null }, '/errorRate', 'must be a number from 0 to 1, got null'],
    [{ route: [], latencyMs: 1 }, '/route', 'must be a string, got an array (0 items)'],
    [
      { rateLimit: { limit: 1, retryAfterSeconds: 1 } },
      '/rateLimit/windowMs',
      'is required and must be an integer from 1 to 86400000 (milliseconds)',
    ],
  ])('say what a member got, where, and what is accepted: %j', async (rule, where, message) => {
    const { send } = admin();
    const response = await send('POST', rule);
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      message: string;
      issues: Array<{ where: string; message: string }>;
    };
    expect(json.issues).toContainEqual({ where, message });
    expect(json.message).toBe(`Invalid request: ${where} ${message}.`);
    expect(validateRule(rule)).toMatchObject({ ok: false, issues: [{ where, message }] });
    const listed = await send('PUT', [rule]);
    expect(((await listed.json()) as typeof json).issues).toContainEqual({ where: `/0${where}`, message });
  });

  it('answer 415 to a body that is not JSON and 413 past 1 MiB, changing nothing', async () => {
    const { faults } = admin();
    const app = new Hono();
    app.route('/__mock/faults', faultAdminRoutes(faults));
    const plain = await app.request('/__mock/faults', { method: 'POST', body: '{"latencyMs":5}' });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({
      error: 'unsupported-media-type',
      message: expect.stringContaining('Content-Type: application/json'),
    });
    const large = await app.request('/__mock/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: `[${' '.repeat(1024 * 1024)}]`,
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: 'payload-too-large' });
    expect(faults.list()).toEqual([]);
  });

  it('accept every valid rule (property)', async () => {
    await fc.assert(
      fc.asyncProperty(validRule, async (rule) => {
        const { send, faults } = admin();
        const response = await send('POST', rule);
        expect(response.status).toBe(201);
        expect(faults.list()).toEqual([rule]);
      }),
      { numRuns: 200 },
    );
  });

  it('answer any invalid rule with a 400 and a message, never a throw or a 5xx (property)', async () => {
    await fc.assert(
      fc.asyncProperty(invalidRule, fc.constantFrom('POST', 'PUT'), async (rule, method) => {
        const { send, faults } = admin();
        const response = await send(method, method === 'PUT' ? [rule] : rule);
        expect(response.status).toBe(400);
        const json = (await response.json()) as { message: string; issues: unknown[] };
        expect(json.message.length).toBeGreaterThan(20);
        expect(json.issues.length).toBeGreaterThan(0);
        expect(faults.list()).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary bodies, and agrees with validateRule (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string()), async (value) => {
        const { send } = admin();
        const raw = typeof value === 'string' ? value : JSON.stringify(value);
        const response = await send('POST', undefined, raw);
        let parsed: unknown;
        let parses = true;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parses = false;
        }
        const expected = parses && raw.trim() !== '' && validateRule(parsed).ok ? 201 : 400;
        expect(response.status).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
