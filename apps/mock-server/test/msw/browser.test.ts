/**
 * The msw handlers in a real browser: headless Chromium (Debian's, driven by playwright-core) loads
 * a page from localhost that registers msw's service worker (served from the page's origin) and
 * runs the mock in the page, under another origin with a path prefix and under a path of its own
 * origin. The page uploads a File through our client's browser transport (XMLHttpRequest) with
 * progress, waits for readiness on the mock's real-time clock, and reads its custom fields back.
 */
import { fileURLToPath } from 'node:url';
import { type Chromium, type Listening, launchChromium } from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/types.js';
import type { UploadProgress } from './support/client.js';
import { EVERY_FORM, VALUES } from './support/fields.js';
import { serveWorkerPage } from './support/worker-page.js';

const CROSS = 'https://api.example.test/video';

interface FlowResult {
  key: string;
  progress: UploadProgress[];
  uploadSends: string[];
  polls: string[];
  stored: number;
  written: Record<string, unknown>;
  read: Record<string, unknown>;
  raw: Record<string, unknown>;
  playlist: string;
  playlistStatus: number;
  playlistText: string;
}
type PageApi = {
  start(bases: Record<string, string>): Promise<Record<string, string>>;
  uploadFlow(input: { mock: string; size: number; transport?: 'fetch' }): Promise<FlowResult>;
  xhrGet(url: string): Promise<{ status: number; body: string; readings: string | null }>;
  control(mock: string): { journal(): JournalEntry[]; seed(videos: object[]): string[] };
};

let site: Listening;
let browser: Chromium;
let page: Page;
let origin: string;
let bases: Record<string, string>;

beforeAll(async () => {
  site = await serveWorkerPage(fileURLToPath(new URL('./page/', import.meta.url)));
  origin = `http://localhost:${site.port}`; // a secure context: service workers register there
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'start' in globalThis);
  bases = await page.evaluate(
    (cross) => (globalThis as unknown as PageApi).start({ cross, local: '/local-api' }),
    CROSS,
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const inPage = <T, A>(run: (api: PageApi, arg: A) => Promise<T> | T, arg: A): Promise<T> =>
  page.evaluate(
    ({ source, arg }) => {
      const api = globalThis as unknown as PageApi;
      return new Function('api', 'arg', `return (${source})(api, arg);`)(api, arg);
    },
    { source: run.toString(), arg },
  ) as Promise<T>;

/** What every upload flow of the page must show: stored, ready, the five forms, playback. */
async function expectTheRest(result: FlowResult, mock: string, size: number): Promise<void> {
  expect(result.stored).toBe(size);
  // Readiness on the mock's clock, in real time (processingMs 300, polls every 50 ms and more).
  expect(result.polls.at(-1)).toBe('ready');
  expect(result.polls.length).toBeGreaterThan(1);
  expect(result.written).toEqual(VALUES);
  expect(result.read).toEqual(VALUES);
  // The wire form: the client writes dates as ISO 8601 UTC with milliseconds.
  const publishedAt = (VALUES.publishedAt as Date).toISOString();
  expect(result.raw).toEqual({ ...EVERY_FORM, publishedAt });
  expect(result.playlist).toBe(`${bases[mock]}/hls/${result.key}/playlist.m3u8`);
  expect([result.playlistStatus, result.playlistText.split('\n')[0]]).toEqual([200, '#EXTM3U']);
  const journal = await inPage((api, name) => api.control(name).journal(), mock);
  const upload = `/api/upload/v1/form-data/videos/${result.key}`;
  expect(journal.filter((entry) => entry.path === upload)).toEqual([
    expect.objectContaining({ operationId: 'uploadVideoSource', status: 200 }),
  ]);
}

describe('the mock under msw in a browser page', () => {
  it('resolves a path baseUrl against the page and keeps the cross-origin one', () => {
    expect(bases).toEqual({ cross: CROSS, local: `${origin}/local-api` });
  });

  it.each([
    ['another origin with a path prefix', 'cross'],
    ["a path of the page's own origin", 'local'],
  ])(
    "under %s: uploads a File through the client's XMLHttpRequest transport, waits for readiness, reads five forms back",
    async (_, mock) => {
      const size = 3 * 1024 * 1024 + 5;
      const result = await inPage((api, arg) => api.uploadFlow(arg), { mock, size });
      // The client's default browser transport: one XMLHttpRequest carrying the multipart body.
      expect(result.uploadSends).toEqual(['Blob']);
      // Progress: monotone, within the file, the total exactly once and last. Chromium fires no
      // XMLHttpRequest upload progress while a service worker answers (see the last test), so the
      // transport reports the total when the 2xx comes.
      const loaded = result.progress.map((event) => event.loaded);
      expect(
        loaded.every((value, i) => value <= size && (i === 0 || value > (loaded[i - 1] as number))),
      ).toBe(true);
      expect(loaded.filter((value) => value === size)).toHaveLength(1);
      expect(result.progress.at(-1)).toEqual({ loaded: size, total: size, attempt: 1 });
      await expectTheRest(result, mock, size);
    },
  );

  it("reports upload progress to the total through the client's fetch transport", async () => {
    const size = 3 * 1024 * 1024 + 5;
    const input = { mock: 'cross', size, transport: 'fetch' } as const;
    const result = await inPage((api, arg) => api.uploadFlow(arg), input);
    expect(result.uploadSends).toEqual([]); // streamed through fetch, not XMLHttpRequest
    const loaded = result.progress.map((event) => event.loaded);
    expect(loaded.length).toBeGreaterThan(2);
    expect(loaded.every((value, i) => i === 0 || value > (loaded[i - 1] as number))).toBe(true);
    expect(result.progress.at(-1)).toEqual({ loaded: size, total: size, attempt: 1 });
    expect(loaded.filter((value) => value === size)).toHaveLength(1);
    await expectTheRest(result, 'cross', size);
  });

  it('answers plain XMLHttpRequest and fetch code, and the admin API', async () => {
    const [key] = await inPage(
      (api) => api.control('cross').seed([{ title: 'Seeded', phase: 'ready' }]),
      null,
    );
    const xhr = await inPage((api, url) => api.xhrGet(url), `${CROSS}/api/v1/videos/${key}`);
    expect(xhr.status).toBe(200);
    expect(JSON.parse(xhr.body)).toMatchObject({ videoKey: key, status: 'ready', title: 'Seeded' });
    expect(xhr.readings).toContain('readiness-field=status-string');
    const admin = await page.evaluate(async (url) => {
      const res = await fetch(url, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"readiness-field":"ready-flag"}',
      });
      return { status: res.status, body: await res.json() };
    }, `${CROSS}/__mock/readings`);
    expect(admin.status).toBe(200);
    const flagged = await inPage((api, url) => api.xhrGet(url), `${CROSS}/api/v1/videos/${key}`);
    expect(JSON.parse(flagged.body)).toMatchObject({ videoKey: key, ready: true });
  });

  it("leaves the page's other requests to the network", async () => {
    const answers = await page.evaluate(
      async (urls) => {
        const texts: string[] = [];
        for (const url of urls)
          texts.push(`${(await fetch(url)).status} ${(await (await fetch(url)).text()).slice(0, 15)}`);
        return texts;
      },
      [`${origin}/`, `${origin}/local-apix/api/v1/videos/v-0001`, `${origin}/api/v1/videos/v-0001`],
    );
    expect(answers).toEqual(['200 <!doctype html>', '404 not the mock', '404 not the mock']);
  });

  it('meets a limit of Chromium: no XMLHttpRequest upload progress while a service worker answers', async () => {
    // What a page sees of a 3 MB XMLHttpRequest upload answered by the mock through msw's worker:
    // the upload's loadstart, then the response; no upload progress, no upload load.
    const events = await page.evaluate(
      (url) =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = [];
          const request = new XMLHttpRequest();
          request.open('POST', url);
          request.setRequestHeader('authorization', 'Bearer mock-token');
          for (const type of ['loadstart', 'progress', 'load', 'loadend']) {
            request.upload.addEventListener(type, () => seen.push(`upload ${type}`));
          }
          request.onload = () => resolve([...seen, `load ${request.status}`]);
          request.onerror = () => resolve([...seen, 'error']);
          const form = new FormData();
          form.set('file', new Blob([new Uint8Array(3_000_000)]), 'clip.mp4');
          request.send(form);
        }),
      `${CROSS}/api/upload/v1/form-data/videos/v-0404`,
    );
    expect(events).toEqual(['upload loadstart', 'load 404']);
  });
});
