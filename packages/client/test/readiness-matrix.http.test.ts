/** The readiness combinations over HTTP: the mock served on a loopback port, the client on global fetch. */
import { createApp } from '@video-api/mock-server/node';
import { serveApp } from '@video-api/test-support';
import { createVideoApiClient } from '../src/index.js';
import { describeReadinessMatrix } from './support/readiness-matrix.js';

describeReadinessMatrix('over HTTP', async () => {
  const app = createApp({ realTimeClock: false, processingMs: 2000 });
  const served = await serveApp(app);
  return {
    client: (options) =>
      createVideoApiClient({
        baseUrl: served.url,
        token: 'mock-token',
        sleep: async (ms) => app.mock.advanceClock(ms),
        ...options,
      }),
    async close() {
      await served.close();
      await app.mock.close();
    },
  };
});
