/**
 * `/docs`: the mock's own reference page on every platform, which lists every operation of the
 * bundled spec and shows every unknown where it marks; `/docs/reference`, where it was, moves to it
 * for good (a relative Location, so below a sandbox's prefix and msw's base URL too).
 */
import { unspecified } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import fc from 'fast-check';
import { getResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { videoApiHandlers } from '../../src/msw.js';
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

describe('/docs, the reference page', () => {
  it.each([
    ['web', createWebApp],
    ['Node', createNodeApp],
  ])(
    'is a self-contained page on the %s platform: no script, nothing loaded from elsewhere',
    async (_, create) => {
      const page = await referenceOf(kept(create()));
      expect(page).not.toMatch(/<script|<link|\ssrc=/i);
      for (const [, target] of page.matchAll(/href="([^"]*)"/g)) expect(target).toMatch(/^[#/]/);
      expect(page).toContain('data-unknown="status-codes"');
    },
  );

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

/** Where a redirect's Location leads from `url`, resolved as a browser does. */
async function movedFrom(
  url: string,
  answer: Response | undefined | Promise<Response | undefined>,
): Promise<string> {
  const res = await answer;
  expect(res?.status).toBe(301);
  return new URL(res?.headers.get('location') ?? '', url).href;
}

/** Path segments of a base URL's prefix. */
const segment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,10}$/);

describe('/docs/reference, where the page was', () => {
  it('moves to /docs for good, and /docs/ to /docs', async () => {
    const app = kept(createNodeApp());
    const url = 'http://mock.test:4010/docs/reference';
    expect(await movedFrom(url, app.request(url))).toBe('http://mock.test:4010/docs');
    expect((await app.request('/docs/')).headers.get('location')).toBe('/docs');
    for (const gone of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-init.js', 'favicon-32x32.png'])
      expect((await app.request(`/docs/${gone}`)).status, gone).toBe(404);
  });

  it('stays in a sandbox, below its prefix', async () => {
    const app = kept(createNodeApp({ realTimeClock: false }));
    const url = 'http://mock.test/sandboxes/w1/docs/reference';
    const to = await movedFrom(url, app.request(url));
    expect(to).toBe('http://mock.test/sandboxes/w1/docs');
    expect(await (await app.request(to)).text()).toContain('<code>http://mock.test/sandboxes/w1</code>');
  });

  it("stays below msw's base URL, whatever its prefix (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('https://api.example.test', 'http://localhost:4010'),
        fc.array(segment, { maxLength: 3 }),
        async (origin, segments) => {
          const base = `${origin}${segments.map((part) => `/${part}`).join('')}`;
          const served = videoApiHandlers({ baseUrl: base, realTimeClock: false });
          try {
            const url = `${base}/docs/reference`;
            const to = await movedFrom(url, getResponse(served.handlers, new Request(url)));
            expect(to).toBe(`${base}/docs`);
            const page = await getResponse(served.handlers, new Request(to));
            expect(page?.status).toBe(200);
            expect(await page?.text()).toContain('data-unknown="status-codes"');
          } finally {
            await served.mock.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
