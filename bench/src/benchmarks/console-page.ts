/**
 * The console's budgets (issue 27): the page's own script and style at most 50 KB brotli (hls.js
 * aside), and its first paint at most 300 ms from a local mock. The mock (its CLI, in its own
 * process) serves the page; the baseline is the very same bytes, captured from the mock once, served
 * from memory by a bare node:http server (src/servers/bare-static.ts), so the ratio is what the mock
 * adds to what the browser itself takes. Debian's Chromium (playwright-core), HTTP cache disabled,
 * a fresh page per load, loads of the two interleaved with the order alternating.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { type Chromium, launchChromium, sourceArgs } from '@video-api/test-support';
import { script } from '../lib/paths.js';
import { type Started, startProcess } from '../lib/proc.js';
import { figure } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';
import { startMock } from '../servers/start.js';

/** The page and its own files, by the path the page asks for them at. */
const OWN_FILES = { script: '/console/console.js', style: '/console/console.css' } as const;

type Files = Record<string, { type: string; body: string }>;

/** The page and its own script and style as the mock serves them to a browser. */
async function capture(base: string): Promise<Files> {
  const files: Files = {};
  for (const path of ['/', OWN_FILES.script, OWN_FILES.style]) {
    const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html,*/*' } });
    if (!response.ok) throw new Error(`GET ${path} of the mock answered ${response.status}`);
    files[path] = { type: response.headers.get('content-type') ?? 'text/plain', body: await response.text() };
  }
  return files;
}

const brotliBytes = (text: string): number =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;

/** One cold load of `url` in a fresh page: its first contentful paint, in ms from navigation start. */
async function firstPaint(chromium: Chromium, url: string): Promise<number> {
  const page = await chromium.context.newPage();
  try {
    const cdp = await chromium.context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { waitUntil: 'load' });
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const seen = performance.getEntriesByName('first-contentful-paint')[0];
          if (seen) return resolve(seen.startTime);
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
    return paint;
  } finally {
    await page.close();
  }
}

export const consolePage: Benchmark = {
  name: 'console-page',
  title: "The mock's console: size of its own script and style, first paint",
  async run({ quick, runs, log }) {
    const loads = quick ? 5 : Math.max(runs, 15);
    let mock: Started | undefined;
    let bare: Started | undefined;
    let chromium: Chromium | undefined;
    try {
      mock = await startMock();
      const files = await capture(mock.match);
      bare = await startProcess(
        process.execPath,
        sourceArgs(script('servers/bare-static.ts')),
        /listening on (\S+)/,
        {
          env: { BARE_FILES: JSON.stringify(files) },
        },
      );
      chromium = await launchChromium();
      const subjects: [string, string][] = [
        ['mock', `${mock.match}/`],
        ['bare', `${bare.match}/`],
      ];
      // One load of each first, not counted: Chromium's own start-up costs fall on the first page.
      for (const [, url] of subjects) await firstPaint(chromium, url);
      const paints = new Map<string, number[]>(subjects.map(([name]) => [name, []]));
      for (let load = 0; load < loads; load++) {
        const order = load % 2 === 0 ? subjects : [...subjects].reverse();
        for (const [name, url] of order) paints.get(name)?.push(await firstPaint(chromium, url));
        log(
          `load ${load + 1}/${loads}: mock ${paints.get('mock')?.at(-1)?.toFixed(0)} ms, bare ${paints.get('bare')?.at(-1)?.toFixed(0)} ms`,
        );
      }
      const kib = (bytes: number) => bytes / 1024;
      const own =
        brotliBytes(files[OWN_FILES.script]?.body ?? '') + brotliBytes(files[OWN_FILES.style]?.body ?? '');
      const page = brotliBytes(files['/']?.body ?? '');
      return {
        setup: `Our mock through its CLI (in memory, --log-level silent, default readings, no videos), in its own process; the baseline: the same page, script and style captured from it once and served from memory by a bare node:http server in its own process. Debian's Chromium through playwright-core, HTTP cache disabled (CDP), a fresh page per load, one uncounted load of each first, then ${loads} loads of each, interleaved with the order alternating. First paint: the page's \`first-contentful-paint\` entry (ms from navigation start). Sizes: brotli quality 11 of the bodies as served.`,
        figures: [
          figure({
            name: 'first paint of the console, our mock vs the same bytes from a bare server',
            unit: 'ms',
            better: 'lower',
            runs: paints.get('mock') ?? [],
            baseline: { name: 'bare node:http, same bytes', runs: paints.get('bare') ?? [] },
            target: { text: 'at most 300 ms', on: 'value', kind: 'max', bound: 300 },
          }),
          figure({
            name: "the console's own script and style, brotli",
            unit: 'KiB',
            better: 'lower',
            runs: [kib(own)],
            target: { text: 'at most 50 KB (hls.js aside)', on: 'value', kind: 'max', bound: 50_000 / 1024 },
          }),
          figure({
            name: 'the console page (HTML, server-rendered), brotli',
            unit: 'KiB',
            better: 'lower',
            runs: [kib(page)],
          }),
        ],
        notes: [
          `As served: page ${files['/']?.body.length} B, script ${files[OWN_FILES.script]?.body.length} B, style ${files[OWN_FILES.style]?.body.length} B (uncompressed).`,
        ],
      };
    } finally {
      await chromium?.close();
      await bare?.stop();
      await mock?.stop();
    }
  },
};
