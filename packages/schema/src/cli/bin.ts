#!/usr/bin/env node
/** `video-api-spec`: the spec's command line (`resolve`); exits 2 with one line on bad input. */
import { runSpecCli } from './spec-cli.js';

process.exitCode = await runSpecCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
