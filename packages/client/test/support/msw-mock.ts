/**
 * The mock's msw handlers (`@video-api/mock-server/msw`) on msw's `setupServer`, and clients on them
 * with the client's defaults: no transport, no fetch (global fetch, as msw patches it), and the mock
 * README's virtual-clock `sleep`.
 */
import { videoApiHandlers } from '@video-api/mock-server/msw';
import { setupServer } from 'msw/node';
import { createVideoApiClient, type VideoApiClientOptions } from '../../src/index.js';

const MSW_BASE_URL = 'https://api.video.test';

export function mswMock() {
  const { handlers, mock } = videoApiHandlers({
    baseUrl: MSW_BASE_URL,
    realTimeClock: false,
    processingMs: 2000,
  });
  const server = setupServer(...handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return {
    mock,
    client: (extra: Partial<VideoApiClientOptions> = {}) =>
      createVideoApiClient({
        baseUrl: MSW_BASE_URL,
        token: 'mock-token',
        sleep: async (ms) => mock.advanceClock(ms),
        ...extra,
      }),
    async close() {
      server.close();
      await mock.close();
    },
  };
}
