/**
 * `/docs` under Node with swagger-ui installed, in Chromium: swagger-ui starts from the mock's own
 * script (/docs/swagger-init.js, bundled from src/api/browser/swagger-init.ts), not an inline
 * one, and shows the spec's operations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWAGGER_INIT_SCRIPT } from '../../src/generated/docs-bundle.js';
import { type OpenConsole, openConsole } from './open-console.js';

let opened: OpenConsole;

beforeAll(async () => {
  opened = await openConsole();
}, 60_000);
afterAll(() => opened?.close());

describe('/docs with swagger-ui', () => {
  it('starts swagger-ui from its own script and lists the operations', async () => {
    const { page, server } = opened;
    const script = await fetch(`${server.url}/docs/swagger-init.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toBe(SWAGGER_INIT_SCRIPT);
    const html = await (await fetch(`${server.url}/docs`)).text();
    expect(html).toContain('<script src="/docs/swagger-init.js"></script>');
    expect(html).not.toMatch(/<script>/);
    await page.goto(`${server.url}/docs`);
    await page
      .locator('.opblock-summary-path', { hasText: '/api/v1/videos' })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => typeof (window as unknown as { ui?: unknown }).ui)).toBe('object');
  });
});
