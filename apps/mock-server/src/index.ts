/**
 * @video-api/mock-server: a stateful Hono mock of the video upload and custom fields API that
 * plays every reading of every unknown of the interface document. The package root is the same
 * under every runtime: this file is it for browsers, edge runtimes and bundlers (the `browser` and
 * `default` conditions: videos in memory, uploads parsed from the request's web stream into a
 * bounded memory sink; it imports nothing of Node), and src/node/root.ts is it under Node (the
 * `node` condition: the same names, `createApp` on the Node platform). The server, the CLI's
 * options and the rest of Node's are in `@video-api/mock-server/node`.
 *
 * @example
 * import { createApp } from '@video-api/mock-server';
 * const app = createApp();
 * const res = await app.fetch(new Request('http://mock.test/api/v1/videos/v-0001'));
 */
import { createApp as createAppOn } from './app.js';
import { webPlatform } from './platform.js';
import type { MockApp, MockOptions } from './types.js';

/**
 * Creates the mock app. It never listens: call `app.request()` or `app.fetch`, or hand `app.fetch`
 * to anything that takes a fetch handler. Here on web APIs only; under Node (the `node` export
 * condition) the same call gives Node's app: uploads on disk, a `dataDir` kept in SQLite.
 *
 * @example
 * const app = createApp({ readings: { 'custom-fields-omitted': 'replace' } });
 * await app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } });
 */
export function createApp(options: MockOptions = {}): MockApp {
  return createAppOn(options, webPlatform());
}

export { DEFAULT_TOKEN, OptionError } from './options.js';
export { READING_REQUEST_HEADER, READINGS_RESPONSE_HEADER } from './readings/choice.js';
export type {
  FieldDefinition,
  FieldKind,
  FieldValue,
  JournalBody,
  JournalEntry,
  JournalExchange,
  JournalFilter,
  JournalMessage,
  JournalRecord,
  LogLevel,
  MockApp,
  MockControl,
  MockOptions,
  Phase,
  SandboxControl,
  SeedVideo,
  StateControl,
  StoredSource,
  TwinReport,
  UploadPart,
  UploadSummary,
  VideoEvent,
  VideoRecord,
} from './types.js';
