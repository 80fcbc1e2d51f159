/**
 * The package root under Node (the `node` export condition): the names and types of the neutral
 * root (src/index.ts), with `createApp` on the Node platform (uploads on disk, `dataDir` in
 * SQLite, busboy on the raw request). The test of the entries holds the two lists equal.
 *
 * @example
 * import { createApp } from '@video-api/mock-server'; // this file, under Node
 * const app = createApp({ dataDir: './mock-data' });
 */
import type { MockApp, MockOptions } from '../types.js';
import { createApp as createNodeApp } from './create-app.js';

export * from '../index.js';

/**
 * Creates the mock app with Node's adapters (the root's `createApp` under Node; transcoding is an
 * option of `@video-api/mock-server/node`'s).
 *
 * @example
 * const app = createApp({ dataDir: './mock-data' });
 * await app.mock.close();
 */
export function createApp(options: MockOptions = {}): MockApp {
  return createNodeApp(options);
}
