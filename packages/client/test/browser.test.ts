/**
 * The client in a real browser: headless Chromium (Debian's package, or CHROMIUM_PATH) driven by
 * playwright-core loads the example page, which uploads a file with progress to the mock over HTTP
 * (cross-origin, so CORS is exercised too) and waits for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '@video-api/mock-server/node';
import {
  type Chromium,
  type Listening,
  launchChromium,
  listenHttp,
  type ServedMock,
  serveMock,
} from '@video-api/test-support';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadProgress, Video } from '../src/index.js';

const pageDir = fileURLToPath(new URL('../examples/browser/', import.meta.url));

let app: ReturnType<typeof createApp>;
let api: ServedMock<typeof app>;
let site: Listening;
let browser: Chromium;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(pageDir, 'main.js')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    conditions: ['@video-api/source'],
  });
  const files: Record<string, [string, string | Uint8Array]> = {
    '/': ['text/html', readFileSync(join(pageDir, 'index.html'))],
    '/bundle.js': ['text/javascript', bundle.outputFiles[0]?.contents ?? ''],
  };
  site = await listenHttp((request, response) => {
    const file = files[request.url ?? '/'];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  api = await serveMock(() => createApp({ realTimeClock: true, processingMs: 50 }));
  app = api.app;
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => 'uploadAndWait' in globalThis);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
});

describe('the client in headless Chromium', () => {
  it('uploads a File with progress that reaches the total exactly once, then waits until ready', async () => {
    const size = 6 * 1024 * 1024 + 3;
    const result = (await page.evaluate(
      async ({ baseUrl, size }) => {
        const file = new File([new Uint8Array(size).fill(1)], 'clip.mp4', { type: 'video/mp4' });
        const run = (globalThis as unknown as { uploadAndWait: (input: object) => Promise<unknown> })
          .uploadAndWait;
        return run({ baseUrl, token: 'mock-token', projectKey: 'demo', file, intervalMs: 100 });
      },
      { baseUrl: api.url, size },
    )) as { video: Video; progress: UploadProgress[] };
    expect(result.video.status).toBe('ready');
    expect(result.progress.filter((event) => event.loaded === size)).toHaveLength(1);
    expect(result.progress.at(-1)).toEqual({ loaded: size, total: size, attempt: 1 });
    const loaded = result.progress.map((event) => event.loaded);
    expect(loaded.every((value, i) => i === 0 || value > (loaded[i - 1] as number))).toBe(true);
  });

  it('aborts an upload mid-way with AbortedError', async () => {
    app.mock.faults.add({ route: 'uploadVideoSource', uploadBytesPerSecond: 256 * 1024, times: 1 });
    const outcome = await page.evaluate(
      async ({ baseUrl }) => {
        const run = (globalThis as unknown as { uploadAndWait: (input: object) => Promise<unknown> })
          .uploadAndWait;
        const controller = new AbortController();
        let sawProgress = false;
        try {
          await run({
            baseUrl,
            token: 'mock-token',
            projectKey: 'demo',
            file: new File([new Uint8Array(32 * 1024 * 1024)], 'big.mp4'),
            signal: controller.signal,
            onProgress: ({ loaded }: { loaded: number }) => {
              if (loaded === 0) return;
              sawProgress = true;
              controller.abort();
            },
          });
          return { name: 'no error', sawProgress };
        } catch (error) {
          return { name: (error as Error).name, sawProgress };
        }
      },
      { baseUrl: api.url },
    );
    expect(outcome).toEqual({ name: 'AbortedError', sawProgress: true });
  });
});
