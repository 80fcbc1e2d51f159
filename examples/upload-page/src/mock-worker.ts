/**
 * The mock inside the page, for `vite --mode msw`: msw's service worker (`public/mockServiceWorker.js`,
 * written by `npx msw init public/`) hands every request under the page's `/video-api` to the mock.
 * Imported only in that mode, so msw and the mock never reach a production bundle.
 */
import { videoApiHandlers } from '@video-api/mock-server/msw';
import { setupWorker } from 'msw/browser';
import { MSW_PATH } from './config';

/** Starts the worker; resolves once it handles requests (render the app after that). */
export async function startMockWorker(): Promise<void> {
  const videoApi = videoApiHandlers({ baseUrl: MSW_PATH, processingMs: 1500 });
  await setupWorker(...videoApi.handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
}
