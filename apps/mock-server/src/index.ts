/**
 * @video-api/mock-server under Node: a stateful Hono mock of the video upload and custom fields
 * API that plays every reading of every unknown of the interface document. `createApp` here
 * keeps uploads on disk and can keep state in SQLite; `./portable.ts` is the same mock for
 * runtimes with web APIs only.
 *
 * @example
 * import { createApp, startServer } from '@video-api/mock-server';
 * const app = createApp(); // in-process: app.request(), app.fetch
 * const server = await startServer({ port: 0 }); // on a socket: server.url
 * await server.close();
 */
export { createApp } from './node/create-app.js';
export { type RunningServer, type ServerOptions, startServer } from './node/server/server.js';
export { settleRequestShapes } from './node/server/settle-shapes.js';
export * from './portable.js';
