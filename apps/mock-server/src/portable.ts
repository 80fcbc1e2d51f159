/**
 * `@video-api/mock-server/portable`, kept for the code that imports it: an alias of the package
 * root under the `browser` and `default` conditions (./index.ts), the mock on web APIs only.
 *
 * @example
 * import { createApp } from '@video-api/mock-server/portable';
 * const app = createApp();
 * const res = await app.fetch(new Request('http://mock.test/api/v1/videos/v-0001'));
 */
export * from './index.js';
