/**
 * `@video-api/mock-server/node`: the root's names under Node, and what only Node has: the server
 * (`startServer`, its options), `createApp` with its Node-only options (transcoding with ffmpeg),
 * the settling of per-request objects for a node:http server of your own, and the mock's seeded
 * random numbers for harnesses that replay a run.
 *
 * @example
 * import { createApp, startServer } from '@video-api/mock-server/node';
 * const app = createApp({ transcode: 'auto' }); // in-process: app.request(), app.fetch
 * const server = await startServer({ port: 0 }); // on a socket: server.url
 * await server.close();
 */
export { seededRandom } from '../shared/random.js';
export type { TranscodeOptions } from '../types.js';
export { createApp } from './create-app.js';
export * from './root.js';
export { type RunningServer, type ServerOptions, startServer } from './server/server.js';
export { settleRequestShapes } from './server/settle-shapes.js';
