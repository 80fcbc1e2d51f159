#!/usr/bin/env node
// The `video-api` CLI. In a published install it runs the built dist/cli/main.js; inside the
// repository (no build needed) it loads src/cli/main.ts through tsx, a dev dependency of the repo.
import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const source = new URL('src/cli/main.ts', root);
const built = new URL('dist/cli/main.js', root);
const installed = fileURLToPath(root).includes(`${sep}node_modules${sep}`);

async function load() {
  if (!installed && existsSync(source)) {
    try {
      const { register } = await import('tsx/esm/api');
      register();
      return await import(source.href);
    } catch (error) {
      if (!existsSync(built)) throw error;
    }
  }
  return import(built.href);
}

const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const { run } = await load();
const code = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: {
    write: (text) => process.stderr.write(text),
    isTTY: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns,
  },
  env: process.env,
  version,
});
process.exitCode = code;
