/**
 * The page of the msw console test: an app under test whose requests msw's worker hands to the
 * mock (another origin with a path prefix), and the mock's console opened in it with
 * `openConsole`. Bundled by esbuild for the browser.
 */
import { setupWorker } from 'msw/browser';
import {
  type MockConsole,
  openConsole,
  type SeedVideo,
  type VideoApiHandlers,
  videoApiHandlers,
} from '../../../src/msw.js';

let served: VideoApiHandlers;
let shown: MockConsole | undefined;

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
    const opened = await openConsole(baseUrl === undefined ? served : { baseUrl });
    shown ??= opened;
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

/** Shows a page of the mock in the first console's frame, as code would (`docs#op-getVideo`). */
const show = (path: string): Promise<void> | undefined => shown?.show(path);

/** Seeds videos through the in-process control; resolves with their keys. */
const seed = (videos: SeedVideo[]): Promise<string[]> => served.mock.seed(videos);

Object.assign(globalThis, { start, open, show, appGet, seed });
