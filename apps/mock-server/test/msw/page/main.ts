/**
 * The page of the browser test: the mock served by msw's worker under two base URLs (another
 * origin with a path prefix, and a path of the page's own origin), and the flows the test runs in
 * the page through our client (its XMLHttpRequest upload transport), plain fetch and plain
 * XMLHttpRequest. Bundled by esbuild for the browser.
 */
import { setupWorker } from 'msw/browser';
import { type VideoApiHandlers, videoApiHandlers } from '../../../src/msw.js';
import { createVideoApiClient, fetchTransport, playlistUrl, type UploadProgress } from '../support/client.js';
import { fields, VALUES } from '../support/fields.js';

const TOKEN = 'mock-token';
/** What XMLHttpRequest sent (the client's browser transport uses it for uploads). */
const xhrSends: string[] = [];
const send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.send = function (
  this: XMLHttpRequest,
  body?: Document | XMLHttpRequestBodyInit | null,
) {
  xhrSends.push(body === undefined || body === null ? 'empty' : body.constructor.name);
  return send.call(this, body);
};

const mocks: Record<string, VideoApiHandlers> = {};

/** Starts msw's worker with one mock per base URL; resolves once the worker is in control. */
async function start(bases: Record<string, string>): Promise<Record<string, string>> {
  for (const [name, baseUrl] of Object.entries(bases)) {
    mocks[name] = videoApiHandlers({ baseUrl, processingMs: 300 });
  }
  const worker = setupWorker(...Object.values(mocks).flatMap((served) => served.handlers));
  // Requests no mock takes go to the network (msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame).
  const bypass = { onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as const;
  await worker.start({ quiet: true, serviceWorker: { url: '/mockServiceWorker.js' }, ...bypass });
  return Object.fromEntries(Object.entries(mocks).map(([name, served]) => [name, served.baseUrl]));
}

/** Create, upload a File with progress, wait until ready (real time), write and read custom fields. */
async function uploadFlow({ mock, size, transport }: { mock: string; size: number; transport?: 'fetch' }) {
  const served = mocks[mock] as VideoApiHandlers;
  const client = createVideoApiClient({
    baseUrl: served.baseUrl,
    token: TOKEN,
    ...(transport === 'fetch' && { uploadTransport: fetchTransport((request) => fetch(request)) }),
  });
  const [created] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'From the page' }] });
  const key = created?.key as string;
  const file = new File([new Uint8Array(size).map((_, i) => i % 253)], 'clip.mp4', { type: 'video/mp4' });
  const progress: UploadProgress[] = [];
  const sendsBefore = xhrSends.length;
  await client.uploadSource(key, file, { onProgress: (event) => progress.push({ ...event }) });
  const uploadSends = xhrSends.slice(sendsBefore);
  const polls: string[] = [];
  const video = await client.waitForReady(key, {
    intervalMs: 50,
    onPoll: ({ readiness }) => void polls.push(readiness),
  });
  const written = await fields.write(client, key, VALUES);
  const read = await fields.read(client, key);
  const raw = (await client.getVideo(key)).simpleCustomFields;
  const playlist = playlistUrl(video) as string;
  const played = await fetch(playlist);
  return {
    key,
    progress,
    uploadSends,
    polls,
    stored: (await served.mock.sourceOf(key))?.size,
    written,
    read,
    raw,
    playlist,
    playlistStatus: played.status,
    playlistText: await played.text(),
  };
}

/** Plain XMLHttpRequest: GET a URL with the token, as any page code would. */
function xhrGet(url: string): Promise<{ status: number; body: string; readings: string | null }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url);
    request.setRequestHeader('authorization', `Bearer ${TOKEN}`);
    request.onload = () =>
      resolve({
        status: request.status,
        body: request.responseText,
        readings: request.getResponseHeader('x-mock-readings'),
      });
    request.onerror = () => reject(new Error(`XMLHttpRequest to ${url} failed`));
    request.send();
  });
}

/** The in-process control of a mock, from the page (seed, clock, journal, …). */
const control = (mock: string) => (mocks[mock] as VideoApiHandlers).mock;

Object.assign(globalThis, { start, uploadFlow, xhrGet, control });
