/**
 * The mock for runtimes with web APIs only (an edge runtime, a browser, msw): videos in memory,
 * uploads parsed from the request's web stream into a bounded memory sink. Imports nothing of
 * Node.
 *
 * @example
 * import { createApp } from '@video-api/mock-server/portable';
 * const app = createApp();
 * const res = await app.fetch(new Request('http://mock.test/api/v1/videos/v-0001'));
 */
import { createApp as createAppOn } from './app.js';
import { webPlatform } from './platform.js';
import type { MockApp, MockOptions } from './types.js';

/** Creates the mock app on web APIs only (see `createApp` of the package root for Node's). */
export function createApp(options: MockOptions = {}): MockApp {
  return createAppOn(options, webPlatform());
}

export { DEFAULT_TOKEN, OptionError } from './options.js';
export type { Platform } from './platform.js';
export { READING_REQUEST_HEADER, READINGS_RESPONSE_HEADER } from './readings/choice.js';
export { seededRandom } from './shared/random.js';
export type * from './types.js';
