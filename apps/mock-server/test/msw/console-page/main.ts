/**
 * The page of the msw console test: an app under test whose requests msw's worker hands to the
 * mock (another origin with a path prefix), and the mock's console opened in it with
 * `openConsole`. Bundled by esbuild for the browser.
 */
import { setupWorker } from 'msw/browser';
import { openConsole, type SeedVideo, type VideoApiHandlers, videoApiHandlers } from '../../../src/msw.js';

let served: VideoApiHandlers;

/** Starts msw's worker with the mock's handlers under `baseUrl`; resolves once it is in control. */
async function start(baseUrl: string): Promise<string> {
  served = videoApiHandlers({ baseUrl, realTimeClock: false });
  const worker = setupWorker(...served.handlers);
  const bypass = { onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as const;
  await worker.start({ quiet: true, serviceWorker: { url: '/mockServiceWorker.js' }, ...bypass });
  return served.baseUrl;
}

/** Opens the console in the page; resolves with an error message instead of throwing. */
async function open(baseUrl?: string): Promise<string> {
  try {
    await openConsole(baseUrl === undefined ? served : { baseUrl });
    return 'opened';
  } catch (error) {
    return (error as Error).message;
  }
}

/** What the app does: one request of the API with the default token, as its code would. */
async function appGet(path: string): Promise<{ status: number; readings: string | null; body: unknown }> {
  const response = await fetch(`${served.baseUrl}${path}`, {
    headers: { authorization: 'Bearer mock-token', accept: 'application/json' },
  });
  return {
    status: response.status,
    readings: response.headers.get('x-mock-readings'),
    body: await response.json(),
  };
}

/** Seeds videos through the in-process control; resolves with their keys. */
const seed = (videos: SeedVideo[]): string[] => served.mock.seed(videos);

Object.assign(globalThis, { start, open, appGet, seed });
