/**
 * @video-api/mock-server: a stateful Hono mock of the video upload and custom fields API that
 * plays every reading of every unknown of the interface document.
 *
 * @example
 * import { createApp, startServer } from '@video-api/mock-server';
 * const app = createApp(); // in-process: app.request(), app.fetch
 * const server = await startServer({ port: 0 }); // on a socket: server.url
 * await server.close();
 */
export { createApp } from './app.js';
export type { VideoEvent } from './state/events.js';
export { DEFAULT_TOKEN, OptionError } from './options.js';
export { seededRandom } from './shared/random.js';
export { READING_REQUEST_HEADER, READINGS_RESPONSE_HEADER } from './readings/request-readings.js';
export { type RunningServer, type ServerOptions, startServer } from './node/server.js';
export type * from './types.js';
