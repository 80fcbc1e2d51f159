/**
 * A page of the msw browser tests, served from localhost (a secure context, where service workers
 * register): its `index.html`, its `main.ts` bundled by esbuild for the browser (`/bundle.js`) and
 * msw's worker script (`/mockServiceWorker.js`); anything else is a plain-text 404.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Listening, listenHttp } from '@video-api/test-support';
import { build } from 'esbuild';
import { mswFromDir, workerScript } from './msw-source.js';

/** Serves the page in `dir` (its index.html and main.ts); close the result when done. */
export async function serveWorkerPage(dir: string): Promise<Listening> {
  const bundle = await build({
    entryPoints: [join(dir, 'main.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    conditions: ['@video-api/source'],
    plugins: mswFromDir(),
    logLevel: 'silent',
  });
  const files: Record<string, [string, string | Uint8Array]> = {
    '/': ['text/html', readFileSync(join(dir, 'index.html'))],
    '/bundle.js': ['text/javascript', bundle.outputFiles[0]?.contents ?? ''],
    '/mockServiceWorker.js': ['text/javascript', workerScript()],
  };
  return listenHttp((request, response) => {
    const file = files[request.url ?? '/'];
    if (!file) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not the mock');
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
}
