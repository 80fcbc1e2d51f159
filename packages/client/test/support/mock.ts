/** The mock, in-process (client fetch = app.fetch) or over real HTTP, with a client on it. */
import { createApp } from '@video-api/mock-server/node';
import { serveApp } from '@video-api/test-support';
import type { VideoApiClientOptions } from '../../src/index.js';
import { createVideoApiClient } from '../../src/node.js';
import { recordingSleep } from './scripted-fetch.js';

export type MockOptions = NonNullable<Parameters<typeof createApp>[0]>;
export type Mode = 'in-process' | 'over HTTP';

export async function startMock(
  mode: Mode,
  options: MockOptions = {},
  client: Partial<VideoApiClientOptions> = {},
) {
  const app = createApp({ realTimeClock: false, processingMs: 2000, ...options });
  const served = mode === 'over HTTP' ? await serveApp(app) : undefined;
  const time = recordingSleep();
  const counts = new Map<string, number>();
  const baseFetch = served
    ? (request: Request) => globalThis.fetch(request)
    : async (request: Request) => app.fetch(request);
  const fetch = async (request: Request) => {
    const operation = operationOf(request);
    counts.set(operation, (counts.get(operation) ?? 0) + 1);
    return baseFetch(request);
  };
  const api = createVideoApiClient({
    baseUrl: served?.url ?? 'http://mock.test',
    token: 'mock-token',
    sleep: time.sleep,
    retry: { random: () => 0 },
    ...(served ? {} : { fetch }),
    ...client,
  });
  return {
    app,
    mock: app.mock,
    client: api,
    url: served?.url ?? 'http://mock.test',
    delays: time.delays,
    /** Counts requests of one operation the client sends (in-process only). */
    count(operation: string) {
      counts.set(operation, 0);
      return () => counts.get(operation) ?? 0;
    },
    async close() {
      await served?.close();
      await app.mock.close();
    },
  };
}

function operationOf(request: Request): string {
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' && path === '/api/v1/videos') return 'createVideos';
  if (request.method === 'POST' && path.startsWith('/api/upload/')) return 'uploadVideoSource';
  if (request.method === 'PUT') return 'updateCustomFields';
  return 'getVideo';
}

export const RECEIPT = { 'X-Mock-Reading': 'upload-response-body=upload-receipt' };
