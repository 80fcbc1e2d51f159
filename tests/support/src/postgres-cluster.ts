/**
 * A throwaway PostgreSQL cluster in a temp folder, made with Debian's initdb and run with pg_ctl on a
 * free loopback port (trust auth, its socket inside the folder): for a test that stops and starts
 * the database mid-run, and for the test server when the machine has none. A cluster still running
 * when the process ends is stopped by a watchdog (`pg_ctl stop -m immediate` on its own data folder).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { exec } from './exec.js';
import { freePort } from './free-port.js';
import { asServerUser, postgresBinDir } from './postgres-binaries.js';
import { afterThisProcess, shellQuote } from './postgres-nginx-watchdog.js';
import { queryOnce, quoteIdent } from './postgres-query.js';

/** A cluster one test owns. */
export interface OwnCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (the bootstrap superuser, trust auth). */
  url: string;
  port: number;
  /** The temp folder: data in `data/`, the log in `server.log`, the unix socket beside them. */
  dir: string;
  /** A real outage: `pg_ctl stop -m fast`; connections are refused until `start()`. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /** Stops it if running and removes its folder. */
  dispose(): Promise<void>;
}

function run(program: string, args: string[], cwd: string) {
  const step = asServerUser(program, args);
  return exec(step.command, step.args, { cwd, timeoutMs: 120_000 });
}

/** Hands `dir` to the `postgres` user when this process is root (the server refuses root). */
function giveToServerUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  chownSync(dir, id('-u'), id('-g'));
}

/**
 * Makes and starts a cluster of its own (about a second: initdb without fsync, then pg_ctl start).
 * When this process is root the programs run as `postgres`, and a superuser role `root` is made so
 * root's psql works too.
 *
 * @example
 * const db = await startOwnCluster();
 * await db.stop(); // the mock now sees ECONNREFUSED
 * await db.start(); // same port, same data
 * await db.dispose();
 */
export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = await postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'video-api-pg-'));
  const data = join(dir, 'data');
  const pgCtl = join(bin, 'pg_ctl');
  let running = false;
  const stopAtEnd = asServerUser(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
  const watchdog = afterThisProcess(
    `${[stopAtEnd.command, ...stopAtEnd.args].map(shellQuote).join(' ')} >/dev/null 2>&1; rm -rf ${shellQuote(dir)}`,
  );
  const remove = async () => {
    if (running) await run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], dir).catch(() => undefined);
    watchdog.cancel();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    giveToServerUser(dir);
    const initdb = ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'];
    await run(join(bin, 'initdb'), initdb, dir);
    const port = await freePort();
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const start = async () => {
      await run(
        pgCtl,
        ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start'],
        dir,
      );
      running = true;
    };
    const stop = async () => {
      await run(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], dir);
      running = false;
    };
    await start();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const me = userInfo().username;
    if (me !== 'postgres') await queryOnce(url, `create role ${quoteIdent(me)} superuser login`);
    return {
      url,
      port,
      dir,
      stop,
      start,
      async dispose() {
        if (running) await stop().catch(() => undefined);
        await remove();
      },
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
