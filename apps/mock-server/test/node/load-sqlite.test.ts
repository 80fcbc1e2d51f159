/**
 * better-sqlite3 is optional: loaded only for `dataDir`, and when it cannot be loaded the error
 * says, in one line, what to install or rebuild.
 */
import { describe, expect, it } from 'vitest';
import { inFlagTerms } from '../../src/node/cli/cli-args.js';
import { loadSqlite } from '../../src/node/sqlite/load-sqlite.js';
import { OptionError } from '../../src/options.js';

const failing = (code: string, message: string) => () => {
  throw Object.assign(new Error(message), { code });
};

describe('loading better-sqlite3 for dataDir', () => {
  it('returns the installed package', () => {
    const Database = loadSqlite();
    const db = new Database(':memory:');
    expect(db.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    db.close();
  });

  it('says what to install when the package is missing, in flag terms for the CLI', () => {
    const missing = failing('MODULE_NOT_FOUND', "Cannot find module 'better-sqlite3'\nRequire stack: …");
    expect(() => loadSqlite(missing)).toThrow(OptionError);
    const message = (() => {
      try {
        loadSqlite(missing);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^dataDir: .*npm install better-sqlite3\)$/);
    expect(message).not.toContain('\n');
    expect(inFlagTerms(message as string)).toMatch(/^--data-dir: /);
  });

  it('says to rebuild when the addon was built for another Node', () => {
    const abi = failing(
      'ERR_DLOPEN_FAILED',
      'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 115.',
    );
    expect(() => loadSqlite(abi)).toThrow(/npm rebuild better-sqlite3/);
  });

  it('lets other failures through unchanged (a missing dependency of the package is not its absence)', () => {
    const nested = failing('MODULE_NOT_FOUND', "Cannot find module 'bindings'");
    expect(() => loadSqlite(nested)).toThrow("Cannot find module 'bindings'");
  });
});
