/**
 * `/docs`: swagger-ui where the platform has its files, else the mock's own reference page, which
 * lists every operation of the bundled spec and shows every unknown where it marks.
 */
import { unspecified } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp as createNodeApp } from '../../src/node/index.js';
import { createApp as createWebApp } from '../../src/portable.js';
import type { MockApp } from '../../src/types.js';

const apps: MockApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});
function kept(app: MockApp): MockApp {
  apps.push(app);
  return app;
}

type Operation = {
  operationId: string;
  summary: string;
  parameters?: { $ref?: string; name?: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string }>;
};
type Items = Record<string, Record<string, Operation>>;
const spec = openapiDocument as {
  paths: Items;
  webhooks: Items;
  components: { parameters: Record<string, { name: string }> };
};
const operations = [...Object.entries(spec.paths), ...Object.entries(spec.webhooks)].flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);

/** The page's sections by id (`<section id="…">` up to the next one). */
function sections(page: string): Map<string, string> {
  return new Map(
    page
      .split('<section id="')
      .slice(1)
      .map((chunk) => [chunk.slice(0, chunk.indexOf('"')), chunk] as const),
  );
}

/** The sections in which a marker at `pointer` must show: where it marks, or every use of a component it marks. */
function expectedSections(pointer: string): string[] {
  const [, root, first, second] = pointer.split('/').map((part) => part.replaceAll('~1', '/'));
  if (pointer === '') return ['whole-api'];
  if (root === 'paths' || root === 'webhooks') {
    const found = operations.find(({ path, method }) => path === first && method === second);
    return [`op-${found?.operation.operationId}`];
  }
  if (first === 'schemas') return [`schema-${second}`];
  if (first === 'securitySchemes') return ['security'];
  const ref = `#/components/${first}/${second}`;
  const users = operations.filter(
    ({ operation }) =>
      operation.parameters?.some((parameter) => parameter.$ref === ref) ||
      Object.values(operation.responses).some((response) => response.$ref === ref),
  );
  return users.map(({ operation }) => `op-${operation.operationId}`);
}

async function referenceOf(app: MockApp, path = '/docs'): Promise<string> {
  const res = await app.request(`http://mock.test:4010${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
}

describe('/docs without swagger-ui (the web platform, or Node without swagger-ui-dist)', () => {
  it('serves a self-contained page: no script, nothing loaded from elsewhere', async () => {
    const page = await referenceOf(kept(createWebApp()));
    expect(page).not.toMatch(/<script|<link|\ssrc=/i);
    for (const [, target] of page.matchAll(/href="([^"]*)"/g)) expect(target).toMatch(/^[#/]/);
  });

  it('lists every operation and webhook with its method, path, summary, parameters, body and responses', async () => {
    const byId = sections(await referenceOf(kept(createWebApp())));
    expect(operations.length).toBeGreaterThanOrEqual(5);
    for (const { path, method, operation } of operations) {
      const section = byId.get(`op-${operation.operationId}`) ?? '';
      expect(section, operation.operationId).toContain(`<span class="method">${method}</span>`);
      expect(section).toContain(path);
      expect(section).toContain(operation.summary.replaceAll("'", '&#39;'));
      for (const parameter of operation.parameters ?? []) {
        const name =
          parameter.name ?? spec.components.parameters[parameter.$ref?.split('/').at(-1) ?? '']?.name;
        expect(section).toContain(`<code>${name}</code>`);
      }
      for (const mediaType of Object.keys(operation.requestBody?.content ?? {})) {
        expect(section).toContain(`<code>${mediaType}</code>`);
      }
      for (const status of Object.keys(operation.responses))
        expect(section).toContain(`<dt><code>${status}</code></dt>`);
    }
  });

  it('shows every unknown where it marks, with its readings and the mock default', async () => {
    const byId = sections(await referenceOf(kept(createWebApp())));
    for (const marker of Object.values(unspecified)) {
      const expected = expectedSections(marker.pointer);
      expect(expected.length, marker.id).toBeGreaterThan(0);
      for (const id of expected) {
        const section = byId.get(id) ?? '';
        expect(section, `${marker.id} in ${id}`).toContain(`data-unknown="${marker.id}"`);
        for (const reading of Object.keys('readings' in marker ? marker.readings : {})) {
          expect(section).toContain(`<code>${reading}</code>`);
        }
      }
    }
    expect((await referenceOf(kept(createWebApp()))).match(/<em>\(the mock's default\)<\/em>/g)?.length).toBe(
      Object.values(unspecified).filter((marker) => 'mock' in marker).length +
        // a component marker shows once per operation that uses it
        Object.values(unspecified)
          .filter((marker) => 'mock' in marker)
          .reduce((extra, marker) => extra + expectedSections(marker.pointer).length - 1, 0),
    );
  });

  it('names this server as the server of every operation', async () => {
    const page = await referenceOf(kept(createWebApp()));
    expect(page).toContain('<code>http://mock.test:4010</code>');
  });
});

// Node without swagger-ui-dist: docsAssets gives no file there (test/node/docs-assets.test.ts), so
// /docs is the page above; the round-trip's install-hygiene test serves it from an install by name.
describe('/docs with swagger-ui', () => {
  it('serves swagger-ui where swagger-ui-dist is installed, and the reference page at /docs/reference', async () => {
    const app = kept(createNodeApp());
    expect(await referenceOf(app)).toContain('/docs/swagger-ui-bundle.js');
    expect(await referenceOf(app, '/docs/reference')).toContain('data-unknown="status-codes"');
  });
});
