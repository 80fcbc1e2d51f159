import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { faultRoutes as faultAdminRoutes } from '../../src/control/fault-routes.js';
import { createFaults } from '../../src/faults/create-faults.js';
import { ACCEPTED_RULE_FIELDS, validateRule } from '../../src/faults/rule-schema.js';
import type { FaultRule } from '../../src/faults/types.js';
import { type AdminProblem, adminProblem } from '../support/admin-problem.js';

/** What the fault routes say they accept, in the detail of a refusal. */
const RULE_ACCEPTED = 'one JSON fault rule; its members are in `accepted`';
const RULES_ACCEPTED =
  'a JSON array of fault rules (or {"rules": [...]}); the members of a rule are in `accepted`';
/** The `accepted` member of a refusal: what each member of a rule accepts, and an example rule. */
const ACCEPTED = { rule: ACCEPTED_RULE_FIELDS, example: expect.any(Object) };

function admin() {
  const faults = createFaults({ seed: 1 });
  const app = new Hono();
  app.route('/__mock/faults', faultAdminRoutes(faults));
  const send = (method: string, body?: unknown, raw?: string | Uint8Array<ArrayBuffer>) =>
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
    {
      name: 'a rate above 1',
      method: 'POST',
      body: { errorRate: 1.5 },
      pointer: '/errorRate',
      detail: 'The fault rule body is not valid: /errorRate must be a number from 0 to 1',
    },
    {
      name: 'an unknown member',
      method: 'POST',
      body: { latency: 5 },
      pointer: '',
      detail: 'The fault rule body is not valid: the body has unknown member(s) "latency"; accepted: route,',
    },
    {
      name: 'a rule without effect',
      method: 'POST',
      body: { route: 'getVideo' },
      pointer: '',
      detail:
        'The fault rule body is not valid: the body must have at least one effect: latencyMs, latencyJitterMs, errorRate,',
    },
    {
      name: 'a rule that is not an object',
      method: 'POST',
      body: 5,
      pointer: '',
      detail: 'The fault rule body is not valid: the body must be a JSON object (one fault rule)',
    },
    {
      name: 'errorStatus without errorRate',
      method: 'POST',
      body: { latencyMs: 1, errorStatus: 503 },
      pointer: '/errorStatus',
      detail: 'The fault rule body is not valid: /errorStatus ',
    },
    {
      name: 'a status below 400',
      method: 'POST',
      body: { errorRate: 1, errorStatus: 200 },
      pointer: '/errorStatus',
      detail: 'The fault rule body is not valid: /errorStatus must be an integer from 400 to 599',
    },
    {
      name: 'a rate limit without its window',
      method: 'POST',
      body: { rateLimit: { limit: 1, retryAfterSeconds: 1 } },
      pointer: '/rateLimit/windowMs',
      detail: 'The fault rule body is not valid: /rateLimit/windowMs is required',
    },
    {
      name: 'a rule list that is an object',
      method: 'PUT',
      body: { latencyMs: 1 },
      pointer: '',
      detail: 'The fault rules body is not valid: the body must be a JSON array of fault rules',
    },
    {
      name: 'a rules member that is not a list',
      method: 'PUT',
      body: { rules: { latencyMs: 1 } },
      pointer: '/rules',
      detail: 'The fault rules body is not valid: /rules must be a JSON array of fault rules',
    },
    {
      name: 'a bad second rule',
      method: 'PUT',
      body: [{ latencyMs: 1 }, { times: 0, latencyMs: 1 }],
      pointer: '/1/times',
      detail: 'The fault rules body is not valid: /1/times must be an integer ≥ 1, got the number 0',
    },
  ])(
    'answer 400 to $name, saying where and what is accepted, and change nothing',
    async ({ method, body, pointer, detail }) => {
      const { send, faults } = admin();
      faults.add({ latencyMs: 7 });
      const json = await adminProblem(
        await send(method, body),
        400,
        'validation-failed',
        detail,
        `. Accepted: ${method === 'PUT' ? RULES_ACCEPTED : RULE_ACCEPTED}.`,
      );
      expect(json.detail).toMatch(
        method === 'PUT' ? /^The fault rules body is not valid: / : /^The fault rule body is not valid: /,
      );
      expect(json.issues?.map((i) => i.pointer)).toContain(pointer);
      expect(json.accepted).toEqual(ACCEPTED);
      expect(json.accepted).toHaveProperty('rule.errorRate', 'a number from 0 to 1');
      expect(validateRule((json.accepted as { example: unknown }).example).ok).toBe(true);
      expect(faults.list()).toEqual([{ latencyMs: 7 }]);
    },
  );

  it.each([
    {
      name: 'malformed JSON',
      method: 'POST',
      raw: '{"latencyMs":',
      detail: 'The fault rule body is not valid JSON: ',
      issue: /^is not valid JSON: ./,
    },
    {
      name: 'an empty body',
      method: 'PUT',
      raw: '',
      detail: 'The fault rules body is empty; send a JSON body. ',
      issue: /^is empty; send a JSON body$/,
    },
    {
      name: 'a body that is not UTF-8',
      method: 'POST',
      raw: new Uint8Array([0x7b, 0xff, 0x7d]),
      detail: 'The fault rule body is not valid UTF-8 (JSON text must be UTF-8, RFC 8259 §8.1). ',
      issue: /^is not valid UTF-8/,
    },
  ])(
    'answer 400 to $name, saying so and what is accepted, and change nothing',
    async ({ method, raw, detail, issue }) => {
      const { send, faults } = admin();
      faults.add({ latencyMs: 7 });
      const json = await adminProblem(
        await send(method, undefined, raw),
        400,
        'validation-failed',
        `. Accepted: ${method === 'PUT' ? RULES_ACCEPTED : RULE_ACCEPTED}.`,
      );
      expect(json.detail.startsWith(detail)).toBe(true);
      expect(json.issues).toEqual([{ pointer: '', message: expect.stringMatching(issue) }]);
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
  ])('say what a member got, where, and what is accepted: %j', async (rule, pointer, message) => {
    const { send, faults } = admin();
    const json = await adminProblem(await send('POST', rule), 400, 'validation-failed');
    expect(json.issues).toContainEqual({ pointer, message });
    expect(json.detail).toBe(
      `The fault rule body is not valid: ${pointer} ${message}. Accepted: ${RULE_ACCEPTED}.`,
    );
    expect(validateRule(rule)).toMatchObject({ ok: false, issues: [{ pointer, message }] });
    const listed = await adminProblem(await send('PUT', [rule]), 400, 'validation-failed');
    expect(listed.issues).toContainEqual({ pointer: `/0${pointer}`, message });
    expect(listed.detail).toBe(
      `The fault rules body is not valid: /0${pointer} ${message}. Accepted: ${RULES_ACCEPTED}.`,
    );
    expect(faults.list()).toEqual([]);
  });

  it('count the further problems in the detail and list them all in issues', async () => {
    const { send } = admin();
    const json = await adminProblem(
      await send('PUT', [{ latencyMs: -1 }, { errorRate: 2 }, { times: 0, latencyMs: 1 }]),
      400,
      'validation-failed',
      'The fault rules body is not valid: /0/latencyMs must be an integer from 0 to 300000',
      '(and 2 more problem(s))',
    );
    expect(json.issues?.map((i) => i.pointer)).toEqual(['/0/latencyMs', '/1/errorRate', '/2/times']);
  });

  it('answer 415 to a body that is not JSON and 413 past 1 MiB, changing nothing', async () => {
    const { faults } = admin();
    const app = new Hono();
    app.route('/__mock/faults', faultAdminRoutes(faults));
    await adminProblem(
      await app.request('/__mock/faults', { method: 'POST', body: '{"latencyMs":5}' }),
      415,
      'unsupported-media-type',
      'The fault rule body must be JSON (Content-Type: application/json)',
      'got Content-Type "text/plain',
      `Accepted: ${RULE_ACCEPTED}.`,
    );
    const large = await app.request('/__mock/faults', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: `[${' '.repeat(1024 * 1024)}]`,
    });
    await adminProblem(
      large,
      413,
      'payload-too-large',
      'The fault rules body is larger than 1048576 bytes (1 MiB)',
      `Accepted: ${RULES_ACCEPTED}.`,
    );
    expect(faults.list()).toEqual([]);
  });

  // A body the reader could not take (not JSON, empty, 415, 413) still says what is accepted: the
  // detail of the fault routes points at `accepted`.
  it('answer an unreadable body with `accepted` too, as the detail promises', async () => {
    const { faults } = admin();
    const app = new Hono();
    app.route('/__mock/faults', faultAdminRoutes(faults));
    const json = { 'content-type': 'application/json' };
    const answers = await Promise.all([
      app.request('/__mock/faults', { method: 'POST', headers: json, body: '{"latencyMs":' }),
      app.request('/__mock/faults', { method: 'PUT', headers: json, body: '' }),
      app.request('/__mock/faults', { method: 'POST', body: '{"latencyMs":5}' }),
      app.request('/__mock/faults', { method: 'PUT', headers: json, body: `[${' '.repeat(1024 * 1024)}]` }),
    ]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as AdminProblem[];
    expect(bodies.map((b) => b.accepted)).toEqual(bodies.map(() => ACCEPTED));
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

  it('answer any invalid rule with a 400 problem that says where, never a throw or a 5xx (property)', async () => {
    await fc.assert(
      fc.asyncProperty(invalidRule, fc.constantFrom('POST', 'PUT'), async (rule, method) => {
        const { send, faults } = admin();
        const json = await adminProblem(
          await send(method, method === 'PUT' ? [rule] : rule),
          400,
          'validation-failed',
          `. Accepted: ${method === 'PUT' ? RULES_ACCEPTED : RULE_ACCEPTED}.`,
        );
        const [first, ...more] = json.issues ?? [];
        expect(first).toBeDefined();
        if (method === 'PUT')
          for (const issue of json.issues ?? []) expect(issue.pointer).toMatch(/^\/0(\/|$)/);
        const where = first?.pointer === '' ? 'the body' : first?.pointer;
        const counted = more.length > 0 ? ` (and ${more.length} more problem(s))` : '';
        expect(json.detail).toBe(
          `The fault rule${method === 'PUT' ? 's' : ''} body is not valid: ${where} ${first?.message}${counted}. Accepted: ${method === 'PUT' ? RULES_ACCEPTED : RULE_ACCEPTED}.`,
        );
        expect(json.accepted).toEqual(ACCEPTED);
        expect(faults.list()).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary bodies, and agrees with validateRule (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string()), async (value) => {
        const { send, faults } = admin();
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
        if (expected === 400) {
          await adminProblem(
            response,
            400,
            'validation-failed',
            'The fault rule body ',
            `. Accepted: ${RULE_ACCEPTED}.`,
          );
          expect(faults.list()).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
