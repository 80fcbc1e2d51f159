#!/usr/bin/env node
// The video-api-contract command. Installed from npm it runs dist. Inside the repository (sources
// present and tsx available) it runs the TypeScript sources, resolving workspace packages to theirs.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/cli/run.ts', import.meta.url);
const tsx = existsSync(fileURLToPath(source))
  ? await import('tsx/esm/api').catch(() => undefined)
  : undefined;
if (tsx) {
  const hook = `export async function resolve(specifier, context, next) {
    return next(specifier, { ...context, conditions: [...context.conditions, '@video-api/source'] });
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  tsx.register();
  await import(source.href);
} else {
  await import('../dist/cli/run.js');
}
