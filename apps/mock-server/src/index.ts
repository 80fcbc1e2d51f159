/**
 * @video-api/mock-server: a stateful Hono mock of the video upload and custom fields API that
 * plays every reading of every unknown of the interface document.
 *
 * @example
 * import { createApp } from '@video-api/mock-server';
 * const app = createApp();
 * const res = await app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } });
 */
export { createApp } from './app.js';
export type { VideoEvent } from './events.js';
export { DEFAULT_TOKEN, OptionError } from './options.js';
export { READING_REQUEST_HEADER, READINGS_RESPONSE_HEADER } from './readings.js';
export type * from './types.js';
