/**
 * Which msw the browser test bundles and serves: the workspace's (msw 2), or the copy at MSW_DIR
 * (msw 3, outside the workspace: see ../msw3.vitest.config.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

const dir = process.env.MSW_DIR?.replace(/\/+$/, '');

/** An esbuild plugin that resolves every `msw` import from MSW_DIR, when it is set. */
export function mswFromDir(): Plugin[] {
  if (!dir) return [];
  return [
    {
      name: 'msw-from-dir',
      setup(build) {
        build.onResolve({ filter: /^msw(\/|$)/ }, (args) =>
          args.pluginData === 'msw-from-dir'
            ? undefined
            : build.resolve(args.path, {
                kind: args.kind,
                resolveDir: dirname(dirname(dir)), // the folder whose node_modules holds it
                pluginData: 'msw-from-dir',
              }),
        );
      },
    },
  ];
}

/** The text of msw's service worker script, of the msw the page bundles. */
export function workerScript(): Buffer {
  const path = dir
    ? join(dir, 'lib/mockServiceWorker.js')
    : createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return readFileSync(path);
}
