/**
 * A real nginx load balancer in front of test servers: Debian's nginx (installed with apt-get as
 * `nginx-light` when there is none), run unprivileged-style in the foreground with its own prefix
 * folder and config on a free loopback port; `reload()` changes the upstreams as an operator would
 * (`nginx -s reload`). If the test process ends without `stop()`, a watchdog stops it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { exec } from './exec.js';
import { freePort } from './free-port.js';
import { type NginxConfigOptions, nginxConfig } from './nginx-config.js';
import { aptInstall } from './postgres-nginx-apt.js';
import { afterThisProcess, shellQuote } from './postgres-nginx-watchdog.js';

export interface NginxOptions {
  /** `host:port` of each upstream, in round-robin order. */
  upstreams: string[];
  /** Worker processes (default 1). */
  workers?: number;
  /** Extra directives inside `location /`. */
  location?: string[];
}

export interface StartedNginx {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The prefix folder: nginx.conf, nginx.pid, error.log, access.log, temp folders. */
  prefix: string;
  /** What nginx logged so far (error.log), for assertion messages. */
  errorLog(): string;
  /** Rewrites the config for these upstreams and reloads; resolves once new workers serve. */
  reload(upstreams: string[]): Promise<void>;
  /** Stops nginx (SIGQUIT, then SIGKILL after 5 s) and removes the prefix folder. */
  stop(): Promise<void>;
}

/** nginx on PATH or in /usr/sbin (root's PATH has it, other users' often not), or NGINX_PATH. */
function findNginx(): string | undefined {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs
    .filter((dir) => dir !== '')
    .map((dir) => join(dir, 'nginx'))
    .find((path) => existsSync(path));
}

async function nginxBinary(): Promise<string> {
  const found = findNginx();
  if (found) return found;
  await aptInstall(['nginx-light'], 'no nginx on PATH or in /usr/sbin');
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx-light but no nginx binary was found');
  return installed;
}

/** Pids of `parent`'s children (Linux: /proc/<pid>/stat). */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true)).once('error', () => done(false));
    socket.setTimeout(1000, () => done(false));
  });

/**
 * Starts nginx balancing over `upstreams` (round-robin, keepalive, no buffering either way,
 * `X-Upstream` naming the instance that answered). As root the master stays root and its workers
 * run as `nobody`, so the prefix folder is made readable to them.
 *
 * @example
 * const lb = await startNginx({ upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
 * (await fetch(lb.url)).headers.get('x-upstream'); // '127.0.0.1:<a's port>'
 * await lb.stop();
 */
export async function startNginx(options: NginxOptions): Promise<StartedNginx> {
  const binary = await nginxBinary();
  const prefix = mkdtempSync(join(tmpdir(), 'video-api-nginx-'));
  const root = process.getuid?.() === 0;
  if (root) chmodSync(prefix, 0o755); // workers (nobody) open the temp folders inside it
  const port = await freePort();
  const configOf = (upstreams: string[]): NginxConfigOptions => ({
    prefix,
    port,
    upstreams,
    workers: options.workers,
    location: options.location,
    user: root ? 'nobody nogroup' : undefined,
  });
  const write = (upstreams: string[]) =>
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(configOf(upstreams)));
  const base = ['-p', prefix, '-c', 'nginx.conf'];
  const errorLog = () => {
    try {
      return readFileSync(join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  write(options.upstreams);
  const child: ChildProcess = spawn(binary, [...base, '-g', 'daemon off;'], {
    cwd: prefix,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // already gone
    }
  };
  const group = -(child.pid as number);
  const watchdog = afterThisProcess(
    `if [ -d ${shellQuote(prefix)} ]; then kill -QUIT ${group}; sleep 2; kill -KILL ${group}; fi 2>/dev/null; rm -rf ${shellQuote(prefix)}`,
  );
  const stop = async () => {
    signalGroup('SIGQUIT');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    signalGroup('SIGKILL');
    watchdog.cancel();
    rmSync(prefix, { recursive: true, force: true });
  };
  const failed = () => `nginx ${base.join(' ')} failed:\n${stderr}\n${errorLog()}`;
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      const message = failed();
      await stop();
      throw new Error(message);
    }
    await sleep(20);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    prefix,
    errorLog,
    stop,
    async reload(upstreams) {
      write(upstreams);
      await exec(binary, [...base, '-t', '-q'], { cwd: prefix, timeoutMs: 30_000 }); // a bad config fails here
      const master = child.pid as number;
      const before = new Set(childrenOf(master));
      await exec(binary, [...base, '-s', 'reload'], { cwd: prefix, timeoutMs: 30_000 });
      const until = Date.now() + 10_000;
      while (!childrenOf(master).some((pid) => !before.has(pid))) {
        if (Date.now() > until) throw new Error(`nginx started no new worker after reload:\n${errorLog()}`);
        await sleep(20);
      }
      // old workers stop accepting at once; wait a little for them to finish idle connections
      const gone = Date.now() + 3000;
      while (childrenOf(master).some((pid) => before.has(pid)) && Date.now() < gone) await sleep(20);
      await sleep(100); // lets this process's clients see the old workers' closed keep-alive connections
    },
  };
}
