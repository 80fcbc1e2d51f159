/**
 * The console and the API reference lead to each other, in process: the console's navigation
 * reaches the reference; each unknown of the registry links to its anchor there (`#unknown-<id>`,
 * present once), and each marker there links back to its control in the console; below a prefix
 * (msw's base URL) the links keep it; a marker deeper than the page's sections is still shown.
 */
import { unspecifiedIds } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { referencePage } from '../../src/api/reference-page.js';
import { videoApiHandlers } from '../../src/msw.js';
import { createApp } from '../../src/portable.js';

const app = createApp({ realTimeClock: false });
const text = async (path: string) => (await app.request(path, { headers: { accept: 'text/html' } })).text();
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('the console and the API reference', () => {
  it("has the reference in the console's navigation", async () => {
    const nav =
      /<nav class="console-nav" aria-label="Console">(.*?)<\/nav>/s.exec(await text('/'))?.[1] ?? '';
    expect(nav).toContain('<a href="docs">API reference</a>');
    for (const panel of ['unknowns', 'journal', 'videos', 'webhooks', 'faults'])
      expect(nav).toContain(`<a href="#${panel}">`);
  });

  it('links every unknown of the console to its one anchor in the reference, and back', async () => {
    const [console_, reference] = await Promise.all([text('/'), text('/docs')]);
    for (const id of unspecifiedIds) {
      expect(console_, id).toContain(`href="docs#unknown-${id}"`);
      expect(count(reference, `id="unknown-${id}"`), id).toBe(1);
      expect(reference, id).toContain(`href="/#unknown-${id}"`);
      expect(console_, id).toContain(`id="unknown-${id}"`);
    }
    expect(reference).toContain('<a href="/">Console</a>');
  });

  it("keeps the handlers' path prefix in the reference's links under msw", async () => {
    const { app: served, baseUrl } = videoApiHandlers({
      baseUrl: 'https://api.example.test/video',
      realTimeClock: false,
    });
    // What the handlers pass on: the path below the prefix, with the base it is served at.
    const res = await served.request('https://api.example.test/docs', {}, { servedBase: baseUrl });
    const reference = await res.text();
    const [id] = unspecifiedIds;
    expect(reference).toContain(`href="/video/#unknown-${id}"`);
    expect(reference).toContain('<a href="/video/openapi.json">');
    await served.mock.close();
  });

  it('shows a marker no section reaches under "elsewhere", at its pointer, anchored', async () => {
    const marker = { id: 'deep-one', source: '9.9', says: 'Not shown.', readings: { a: 'A.' }, mock: 'a' };
    const page = String(
      await referencePage({
        info: { title: 'T' },
        servers: [{ url: 'https://api.example.test/v' }],
        components: { examples: { E: { value: { 'x-unspecified': marker } } } },
      }),
    );
    const elsewhere = page.slice(page.indexOf('<section id="elsewhere">'));
    expect(elsewhere).toContain('<code>/components/examples/E/value</code>');
    expect(elsewhere).toContain('id="unknown-deep-one"');
    expect(elsewhere).toContain('href="/v/#unknown-deep-one"');
  });
});
