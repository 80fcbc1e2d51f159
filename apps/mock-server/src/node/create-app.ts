/** createApp under Node: the portable app on the Node platform (disk, SQLite, busboy). */
import { createApp as createPortableApp } from '../app.js';
import type { MockApp, MockOptions } from '../types.js';
import { nodePlatform } from './platform.js';

/**
 * Creates the mock app with Node's adapters. It never listens: serve it with `startServer`, or
 * call `app.request()`.
 *
 * @example
 * const app = createApp({ readings: { 'custom-fields-omitted': 'replace' } });
 * const res = await app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } });
 * await app.mock.close();
 */
export function createApp(options: MockOptions = {}): MockApp {
  return createPortableApp(options, nodePlatform());
}
