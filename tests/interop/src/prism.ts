/**
 * Prism (`prism mock FILE`) on a free loopback port, static examples, in a process group of its own.
 * A request with `Prefer: code=<status>` asks it for the documented response of that status.
 */
import { freePort } from '@video-api/test-support';
import { type ServerProcess, startServer } from './server-process.js';
import { prismEntry } from './tools.js';

/** Starts Prism on `file` (a resolved document, or the unresolved spec for the control). */
export async function startPrism(file: string): Promise<ServerProcess> {
  const port = await freePort();
  const args = [await prismEntry(), 'mock', file, '--host', '127.0.0.1', '--port', String(port)];
  return startServer(args, /Prism is listening on (http:\/\/\S+)/);
}
