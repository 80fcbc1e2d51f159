/**
 * A throwaway PostgreSQL cluster in a temp folder, made with Debian's initdb and run with pg_ctl on a
 * free loopback port (trust auth, its socket inside the folder): for a test that stops and starts
 * the database mid-run, and for the test server when the machine has none. A cluster still running
 * when the process ends is stopped by a watchdog (`pg_ctl stop -m immediate` on its own data folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { exec } from './exec.js';
import { freePort } from './free-port.js';
import {
  asServerUser,
  giveToServerUser,
  postgresBinDir,
  runAsServerUser as run,
} from './postgres-binaries.js';
import { afterThisProcess, shellQuote } from './postgres-nginx-watchdog.js';
import { queryOnce, quoteIdent } from './postgres-query.js';
import { clusterTemplate } from './postgres-template.js';

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

/**
 * Makes and starts a cluster of its own: a copy of an initdb-made template (see postgres-template.ts),
 * then pg_ctl start.
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
    await exec('cp', ['-a', await clusterTemplate(bin), data], { cwd: dir }); // faster than initdb
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
