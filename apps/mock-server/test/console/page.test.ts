/**
 * The console at `/`, in process: an HTML page with every unknown of the registry, its sentence and
 * the reading playing now; its own script and style; the JSON 404 kept for a client that asks for
 * no HTML; the token form and no readings where the admin API needs a token.
 */
import { idsWithReadings, type UnspecifiedMarker, unspecified, unspecifiedIds } from '@video-api/schema';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptsHtml } from '../../src/console/console-routes.js';
import { operationsOf } from '../../src/console/marker-operations.js';
import { consolePage } from '../../src/console/page.js';
import { playerScript } from '../../src/node/assets/player-script.js';
import { createApp } from '../../src/node/index.js';
import { createApp as createPortableApp } from '../../src/portable.js';

const apps: ReturnType<typeof createApp>[] = [];
function mock(options: Parameters<typeof createApp>[0] = {}) {
  const app = createApp({ realTimeClock: false, ...options });
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});

/** The text HTML escaping makes of `text` (hono/jsx escapes &, <, >, " and '). */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

async function page(app: ReturnType<typeof createApp>, accept?: string) {
  const res = await app.request('/', accept === undefined ? {} : { headers: { accept } });
  return { res, text: await res.text() };
}

describe('the console page', () => {
  it('shows every unknown with its sentence, its source and the reading playing now', async () => {
    const app = mock({ readings: { 'readiness-field': 'ready-flag' } });
    const { res, text } = await page(app, 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const playing = (await app.mock.getReadings()) as Record<string, string>;
    expect(playing['readiness-field']).toBe('ready-flag');
    for (const id of unspecifiedIds) {
      const marker = unspecified[id] as UnspecifiedMarker;
      expect(text).toContain(`id="unknown-${id}"`);
      expect(text).toContain(escaped(marker.says));
      expect(text).toContain(`§${marker.source}`);
      for (const sentence of Object.values(marker.readings ?? {})) expect(text).toContain(escaped(sentence));
    }
    for (const id of idsWithReadings) {
      expect(text).toContain(`<strong data-playing="${id}">${playing[id]}</strong>`);
      expect(text).toContain(`<label for="pick-${id}">`);
    }
  });

  it('links each unknown to the operations it touches, anchors the reference has', async () => {
    const app = mock();
    const { text } = await page(app);
    const reference = await (await app.request('/docs')).text();
    for (const id of unspecifiedIds) {
      const marker = unspecified[id] as UnspecifiedMarker;
      const operations = operationsOf(marker);
      if (/^\/(paths|webhooks)\//.test(marker.pointer)) expect(operations.length, id).toBeGreaterThan(0);
      for (const operationId of operations) {
        expect(text).toContain(`<a href="docs#op-${operationId}">${operationId}</a>`);
        expect(reference).toContain(`id="op-${operationId}"`);
      }
    }
  });

  it('shows a reading switched through the admin API', async () => {
    const app = mock();
    const patched = await app.request('/__mock/readings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'status-codes': 'semantic' }),
    });
    expect(patched.status).toBe(200);
    const { text } = await page(app);
    expect(text).toContain('<strong data-playing="status-codes">semantic</strong>');
  });

  it('answers its script and style', async () => {
    const app = mock();
    const { text } = await page(app);
    for (const [path, type] of [
      ['console/console.js', 'text/javascript'],
      ['console/console.css', 'text/css'],
    ] as const) {
      expect(text).toContain(`"${path}?v=`);
      const res = await app.request(`/${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect((await res.text()).length).toBeGreaterThan(500);
    }
  });

  it('has every panel, and a script that parses', async () => {
    const { text } = await page(mock());
    for (const panel of ['unknowns', 'journal', 'videos', 'webhooks', 'faults'])
      expect(text).toContain(`<section id="${panel}"`);
    const script = await (await mock().request('/console/console.js')).text();
    expect(() => new Function(script)).not.toThrow();
  });

  it('serves hls.js for its player under Node, where the package is installed', async () => {
    const res = await mock().request('/console/hls.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Hls');
  });

  it('has no hls.js where the platform has none (the portable core, or Node without the package)', async () => {
    const app = createPortableApp({ realTimeClock: false });
    apps.push(app);
    expect((await app.request('/')).status).toBe(200);
    expect((await app.request('/console/hls.js')).status).toBe(404);
    expect(playerScript(() => undefined)()).toBeUndefined();
  });

  it('keeps the JSON 404 for a client that accepts no HTML', async () => {
    const { res, text } = await page(mock(), 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toMatch(/html/);
    expect(JSON.parse(text)).toMatchObject({ status: 404 });
  });

  it('asks for the admin token and shows no readings where the admin API needs one', async () => {
    const { text } = await page(mock({ adminToken: 'sesame' }));
    expect(text).toContain('id="token-form"');
    expect(text).not.toContain('sesame');
    expect(text).toContain('(after sign-in)');
  });

  it('shows the access warning prominently, as GET /__mock/access gives it', () => {
    const warning = 'Reachable from other machines & no admin token: anyone can reset it.';
    const text = consolePage({
      origin: 'http://192.0.2.1:4010',
      access: {
        adminToken: false,
        exposed: true,
        warning,
        allowedHosts: null,
        corsOrigins: [],
        adminCorsOrigins: [],
      },
      playing: {},
    });
    expect(text).toContain(
      `<p class="warning" role="alert"><strong>Warning:</strong> ${escaped(warning)}</p>`,
    );
  });

  it("is served below a sandbox's prefix, with its trailing slash, and plays the sandbox's readings", async () => {
    const app = mock();
    const prefix = '/sandboxes/w1';
    const bare = await app.request(prefix);
    expect(bare.status).toBe(308);
    expect(new URL(bare.headers.get('location') ?? '', `http://localhost${prefix}`).pathname).toBe(
      `${prefix}/`,
    );
    const patched = await app.request(`${prefix}/__mock/readings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'status-codes': 'semantic' }),
    });
    expect(patched.status).toBe(200);
    const sandboxed = await (await app.request(`${prefix}/`)).text();
    expect(sandboxed).toContain('<strong data-playing="status-codes">semantic</strong>');
    expect((await app.request(`${prefix}/console/console.js`)).status).toBe(200);
    const { text } = await page(app);
    expect(text).toContain('<strong data-playing="status-codes">all-200</strong>');
  });

  it('is not served without the admin API', async () => {
    const { res } = await page(mock({ admin: false }));
    expect(res.status).toBe(404);
  });
});

describe('acceptsHtml', () => {
  const other = fc.constantFrom('application/json', 'application/problem+json', 'image/png', 'text/plain');
  const html = fc.constantFrom('text/html', 'text/*', '*/*', 'TEXT/HTML;q=0.5');
  it('accepts a list that names HTML anywhere, and refuses one that does not', () => {
    fc.assert(
      fc.property(fc.array(other, { maxLength: 4 }), html, fc.nat(4), (rest, taken, at) => {
        expect(acceptsHtml(rest.join(', ') || 'application/json')).toBe(false);
        const list: string[] = [...rest];
        list.splice(Math.min(at, list.length), 0, taken);
        expect(acceptsHtml(list.join(', '))).toBe(true);
        expect(acceptsHtml(list.map((range) => `${range};q=0`).join(', '))).toBe(false);
      }),
    );
  });
  it('takes no Accept as HTML', () => {
    expect(acceptsHtml(undefined)).toBe(true);
  });
});

describe('GET /__mock/videos (the Videos panel)', () => {
  it('lists the stored videos with their phase and the body GET answers', async () => {
    const app = mock({ processingMs: 1000 });
    const [first, second] = await app.mock.seed([
      { title: 'Opening keynote' },
      { title: 'Q&A', phase: 'ready' },
    ]);
    const res = await app.request('/__mock/videos');
    expect(res.status).toBe(200);
    const { videos } = (await res.json()) as { videos: { key: string; phase: string; video: unknown }[] };
    expect(videos.map((item) => item.key)).toEqual([first, second]);
    expect(videos[1]?.phase).toBe('ready');
    for (const item of videos) {
      const answered = await app.request(`/api/v1/videos/${item.key}`, {
        headers: { authorization: 'Bearer mock-token' },
      });
      expect(item.video).toEqual(await answered.json());
    }
  });
});
