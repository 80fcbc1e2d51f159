#!/usr/bin/env node
// The video-api-mock command. In the repository it runs the TypeScript sources through tsx (no
// build needed), resolving workspace packages to their sources; once built, it runs dist.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = new URL('../src/node/cli.ts', import.meta.url);

let entry;
if (existsSync(fileURLToPath(source))) {
  // Resolve @video-api/* to their TypeScript sources, as tsconfig and vitest do.
  const hook = `export async function resolve(specifier, context, next) {
    return next(specifier, { ...context, conditions: [...context.conditions, '@video-api/source'] });
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const { register: registerTsx } = await import('tsx/esm/api');
  registerTsx();
  entry = source.href;
} else {
  entry = pathToFileURL(`${root}dist/node/cli.js`).href;
}
const { main } = await import(entry);
await main(process.argv.slice(2));
