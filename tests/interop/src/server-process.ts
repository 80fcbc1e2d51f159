/**
 * A long-running server of these tests (Prism, the mock's CLI): `node args` run from this package's
 * folder (where `--import tsx` is resolved), through test-support's `serveProcess`.
 */
import { type ServedProcess, serveProcess } from '@video-api/test-support';
import { PACKAGE_DIR } from './resolved.js';

export type ServerProcess = ServedProcess;

/** Spawns `node args` and resolves once `ready` matches its output (group 1 is the URL). */
export const startServer = (args: string[], ready: RegExp, timeoutMs = 60_000): Promise<ServerProcess> =>
  serveProcess(process.execPath, args, { cwd: PACKAGE_DIR, ready, timeoutMs });
