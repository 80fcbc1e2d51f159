/**
 * The mock's CLI (`video-api-mock`) from its sources on a free port, playing a set of readings:
 * the server newman's collection runs against. Uploads are stored, not transcoded (`--transcode off`),
 * so any bytes make a valid file.
 */
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';
import { type ReadingSet, readingArgs } from './resolved.js';
import { type ServerProcess, startServer } from './server-process.js';

const MOCK_BIN = fileURLToPath(
  new URL('../node_modules/@video-api/mock-server/src/node/bin.ts', import.meta.url),
);

/** Starts the mock with the readings of `set` (the default readings for an empty set). */
export function startMock(set: ReadingSet): Promise<ServerProcess> {
  const args = ['--port', '0', '--host', '127.0.0.1', '--log-level', 'error', '--transcode', 'off'];
  return startServer([...sourceArgs(MOCK_BIN), ...args, ...readingArgs(set)], /listening on (http:\/\/\S+)/);
}
