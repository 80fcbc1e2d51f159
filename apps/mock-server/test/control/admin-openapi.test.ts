/**
 * The admin API's document (src/control/openapi.ts) checked three ways: Redocly's recommended rules
 * find nothing in it; it lists exactly the routes the app registers under `/__mock`, and each answers;
 * each example body passes its zod schema, its route and the document's JSON Schema.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, adminOpenapi } from '../../src/control/openapi.js';
import { noRoute } from '../../src/http/errors.js';
import { createApp } from '../../src/node/index.js';
import type { MockApp } from '../../src/types.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });

interface Operation {
  operationId: string;
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: object; example: unknown } } };
  responses: Record<string, unknown>;
}

const document = adminOpenapi('http://127.0.0.1:4010');
const paths = document.paths as unknown as Record<string, Record<string, Operation>>;
const operations = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);
const isProblem = ajv.compile(document.components.schemas.Problem);

const apps: MockApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});

/** A fresh app with a seeded video and, where `path` names one, a registered receiver: `path` made concrete. */
async function appFor(path: string): Promise<{ app: MockApp; url: string }> {
  const app = createApp();
  apps.push(app);
  const [videoKey] = await app.mock.seed([{ title: 't' }]);
  const id = path.includes('{id}') ? app.mock.webhooks.register({ url: 'http://127.0.0.1:9/hooks' }).id : '';
  return { app, url: path.replace('{videoKey}', videoKey ?? '').replace('{id}', id) };
}

/**
 * The body's text; an event stream (the journal's) never ends, so it is cancelled and read as '';
 * the metrics' text format (no JSON) is read and taken as ''.
 */
async function textOf(response: Response): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/plain')) {
    await response.text();
    return '';
  }
  if (!type.startsWith('text/event-stream')) return response.text();
  await response.body?.cancel();
  return '';
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('the admin OpenAPI document', () => {
  it("passes Redocly's recommended rules, examples checked against their schemas", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // As in spec/redocly.yaml: routes that cannot fail have no 4xx (the 401 of an admin token is
      // stated once, in info.description); examples that do not validate are errors, not warnings.
      rules: { 'operation-4xx-response': 'off', 'no-invalid-media-type-examples': 'error' },
    });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'admin-openapi.json',
      config,
    });
    const found = problems.map(({ ruleId, severity, message, location }) => ({
      ruleId,
      severity,
      message,
      at: location[0]?.pointer,
    }));
    expect(found).toEqual([]);
  });

  it('documents exactly the routes the app registers under /__mock', () => {
    const app = createApp();
    apps.push(app);
    const registered = app.routes
      .filter((route) => route.path.startsWith('/__mock') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations.map(({ method, path }) => `${method} ${path}`);
    expect(documented.toSorted()).toEqual(registered.toSorted());
  });

  for (const { method, path, operation } of operations) {
    describe(`${method} ${path}`, () => {
      it('answers, with a status it documents (errors as a Problem)', async () => {
        const { app, url } = await appFor(path);
        const response = await app.request(url, operation.requestBody ? json(method, {}) : { method });
        const text = await textOf(response);
        const body = text === '' ? undefined : JSON.parse(text);
        expect(response.status === 404 && body?.detail === noRoute(method, url).detail, text).toBe(false);
        expect(Object.keys(operation.responses), text).toContain(String(response.status));
        if (response.status >= 400) {
          expect(response.headers.get('content-type')).toBe('application/problem+json');
          expect(isProblem(body), JSON.stringify(isProblem.errors)).toBe(true);
        }
      });

      if (path.includes('{')) {
        it('answers its documented 404 for a key or id nothing has', async () => {
          const { app } = await appFor(path);
          const url = path.replace(/\{\w+\}/g, 'nothing-has-this');
          const response = await app.request(url, { method });
          const body = await response.json();
          expect([response.status, body.detail === noRoute(method, url).detail]).toEqual([404, false]);
          expect(operation.responses).toHaveProperty('404');
          expect(isProblem(body), JSON.stringify(isProblem.errors)).toBe(true);
        });
      }

      const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      if (query.length > 0) {
        it('takes each query parameter it documents, and no other', async () => {
          const { app, url } = await appFor(path);
          for (const { name } of query) {
            const response = await app.request(`${url}?${name}=${name === 'since' ? '0' : 'x'}`, { method });
            const text = `${name}: ${await textOf(response)}`;
            // A listing answers 200; an action on what the parameter names may find nothing (404).
            if (method === 'get') expect(response.status, text).toBe(200);
            else {
              expect(response.status, text).not.toBe(400);
              expect(Object.keys(operation.responses), text).toContain(String(response.status));
            }
          }
          expect((await app.request(`${url}?undocumented=x`, { method })).status).toBe(400);
        });
      }

      const content = operation.requestBody?.content['application/json'];
      if (content) {
        const zod = ADMIN_ROUTES.find((route) => route.operationId === operation.operationId)?.body?.schema;
        const { example, schema } = content;
        const stray = Array.isArray(example)
          ? [...example, 'stray']
          : { ...(example as object), stray: true };

        it('takes its example body: its zod schema, the route and its JSON Schema accept it', async () => {
          expect(zod?.safeParse(example).error).toBeUndefined();
          const { app, url } = await appFor(path);
          const response = await app.request(url, json(method, example));
          const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
          expect(String(response.status), await response.text()).toBe(success);
          const validate = ajv.compile(schema);
          expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
        });

        it('refuses it with a stray member: the zod schema, the route and the JSON Schema all do', async () => {
          expect(zod?.safeParse(stray).success).toBe(false);
          const { app, url } = await appFor(path);
          expect((await app.request(url, json(method, stray))).status).toBe(400);
          expect(ajv.compile(schema)(stray)).toBe(false);
        });
      }
    });
  }
});
