/** Serves a mock app for the enclosing suite: listens before it, closes server and app after it. */
import type { MockApp } from '@video-api/mock-server/node';
import { type Listening, serveApp } from '@video-api/test-support';
import { afterAll, beforeAll } from 'vitest';

/**
 * Returns the listening server's address, valid inside the suite's tests.
 *
 * @example
 * const server = listenDuringSuite(createApp());
 * it('answers', async () => expect((await fetch(`${server.url}/openapi.json`)).ok).toBe(true));
 */
export function listenDuringSuite(app: MockApp, cleanup?: () => void): Pick<Listening, 'url' | 'port'> {
  let server: Listening | undefined;
  beforeAll(async () => {
    server = await serveApp(app);
  });
  afterAll(async () => {
    await server?.close();
    await app.mock.close();
    cleanup?.();
  });
  const current = () => {
    if (!server) throw new Error('the server listens only while the suite runs');
    return server;
  };
  return {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
  };
}
