#!/usr/bin/env node
/** The `video-api` command (the package's bin): runs the CLI on this process's arguments and streams. */
import { readFileSync } from 'node:fs';
import { run } from './main.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: {
    write: (text) => process.stderr.write(text),
    isTTY: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns,
  },
  env: process.env,
  version,
});
