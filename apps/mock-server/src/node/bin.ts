#!/usr/bin/env node
/** The `video-api-mock` command (the package's bin): runs the CLI with the process's arguments. */
import { main } from './cli/cli.js';

await main(process.argv.slice(2));
