/**
 * better-sqlite3 is an optional peer of the package: only `dataDir` needs it, so it is loaded
 * when a store is opened there, and its absence is one line that says what to install.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { OptionError } from '../../options.js';

/** better-sqlite3's constructor. */
export type DatabaseConstructor = typeof BetterSqlite3;

const requireHere = createRequire(import.meta.url);

/**
 * Loads better-sqlite3 (`load` is for tests); an OptionError on `dataDir` when it is missing or
 * built for another Node.
 */
export function loadSqlite(load: (id: string) => unknown = requireHere): DatabaseConstructor {
  try {
    return load('better-sqlite3') as DatabaseConstructor;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'MODULE_NOT_FOUND' && message.includes("'better-sqlite3'")) {
      throw new OptionError(
        'dataDir: keeping state in a folder needs the optional package better-sqlite3: install it beside the mock (npm install better-sqlite3)',
      );
    }
    if (code === 'ERR_DLOPEN_FAILED' || /NODE_MODULE_VERSION|invalid ELF|wrong ELF/.test(message)) {
      throw new OptionError(
        `dataDir: better-sqlite3 is installed but does not load on Node ${process.versions.node} (${message.split('\n')[0]}): rebuild it for this Node (npm rebuild better-sqlite3)`,
      );
    }
    throw error;
  }
}
