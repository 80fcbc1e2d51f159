/**
 * The subjects of the `scale` benchmark, one process per store and size: an in-process worker
 * (`createApp` timed from inside, `clients/scale-worker.ts`) or the mock's built bin over HTTP
 * (seeded through `POST /__mock/seed`, loaded by `clients/scale-load.ts`, CPU read from /proc).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sourceArgs } from '@video-api/test-support';
import { SEED_CHUNK, scaleSeed } from '../clients/scale-seed.js';
import type { WorkerCommand, WorkerReply } from '../clients/scale-worker.js';
import { script, TMP_DIR } from '../lib/paths.js';
import { cpuTimeMs, runToEnd, stopChild } from '../lib/proc.js';
import { startMock } from '../servers/start.js';

export type Store = 'memory' | 'data-dir';

/** One round's figures of a subject (µs); latencies NaN over HTTP. */
export interface Sample {
  p50: number;
  p99: number;
  /** Server (or worker) CPU time per GET. */
  cpu: number;
}

export interface Subject {
  size: number;
  pid: number;
  seedMs: number;
  /** Reads every video once (so each one's text is remembered); the p50 of those first reads, if timed. */
  readAll(): Promise<number | undefined>;
  round(): Promise<Sample>;
  close(): Promise<void>;
}

/** The core the subjects share (the last, where lib/pin.ts pins them); the load generator runs on the others. */
const SUBJECT_CORE = availableParallelism() - 1;

function dataDirFor(store: Store): string | undefined {
  if (store === 'memory') return undefined;
  mkdirSync(TMP_DIR, { recursive: true }); // another benchmark may have removed it after its run
  return mkdtempSync(`${TMP_DIR}/scale-`);
}

/** A worker process holding an in-process mock of `size` videos; `gets` random GETs per round. */
export async function workerSubject(
  store: Store,
  size: number,
  gets: number,
): Promise<Subject & { memory(): Promise<{ rssMiB: number; heapUsedMiB: number }> }> {
  const dataDir = dataDirFor(store);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...sourceArgs(script('clients/scale-worker.ts')),
      store,
      String(size),
      ...(dataDir ? [dataDir] : []),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const replies: WorkerReply[] = [];
  const waiting: { resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (reply: WorkerReply) => {
    const next = waiting.shift();
    if (next) next.resolve(reply);
    else replies.push(reply);
  });
  child.once('exit', (code) => {
    for (const { reject } of waiting.splice(0))
      reject(new Error(`scale worker (${store}, ${size}) exited with ${code}`));
  });
  const reply = () =>
    new Promise<WorkerReply>((resolve, reject) => {
      const queued = replies.shift();
      if (queued) resolve(queued);
      else if (child.exitCode !== null) reject(new Error(`scale worker (${store}, ${size}) has exited`));
      else waiting.push({ resolve, reject });
    });
  const ask = async <K extends WorkerReply['kind']>(command: WorkerCommand, kind: K) => {
    child.send(command);
    const answer = await reply();
    if (answer.kind !== kind) throw new Error(`scale worker answered ${answer.kind} to ${command.kind}`);
    return answer as Extract<WorkerReply, { kind: K }>;
  };
  const ready = await reply();
  if (ready.kind !== 'ready') throw new Error(`scale worker started with ${ready.kind}`);
  return {
    size,
    pid: child.pid as number,
    seedMs: ready.seedMs,
    readAll: async () => (await ask({ kind: 'read-all' }, 'read-all')).p50Us,
    round: async () => {
      const { p50Us, p99Us, cpuUsPerGet } = await ask({ kind: 'gets', count: gets }, 'gets');
      return { p50: p50Us, p99: p99Us, cpu: cpuUsPerGet };
    },
    memory: async () => ask({ kind: 'memory' }, 'memory'),
    close: async () => {
      if (child.connected) await ask({ kind: 'close' }, 'closed').catch(() => undefined);
      await stopChild(child);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface LoadSummary {
  requests: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One run of the load generator (pinned off the subjects' core where it can be). */
async function load(
  base: string,
  size: number,
  mode: 'random' | 'each',
  connections: number,
  amount: number,
  seed: number,
) {
  const args = [
    ...sourceArgs(script('clients/scale-load.ts')),
    base,
    String(size),
    mode,
    String(connections),
    String(amount),
    String(seed),
  ];
  const pinned = SUBJECT_CORE >= 1;
  const { stdout } = pinned
    ? await runToEnd('taskset', ['-c', `0-${SUBJECT_CORE - 1}`, process.execPath, ...args])
    : await runToEnd(process.execPath, args);
  const summary = JSON.parse(stdout.slice(stdout.indexOf('{'))) as LoadSummary;
  if (summary.non2xx > 0 || summary.errors + summary.timeouts > 0)
    throw new Error(
      `GET of ${size} videos: ${summary.non2xx} non-2xx answers, ${summary.errors + summary.timeouts} errors`,
    );
  return summary;
}

/** The mock's built bin (`cli`, its own process) with `size` videos, seeded over its admin API. */
export async function httpSubject(
  store: Store,
  size: number,
  options: { requests: number; connections: number; cli: string },
): Promise<Subject> {
  const { requests, connections, cli } = options;
  const dataDir = dataDirFor(store);
  const mock = await startMock(dataDir ? ['--data-dir', dataDir] : [], cli);
  try {
    const seedStarted = performance.now();
    for (let from = 0; from < size; from += SEED_CHUNK) {
      const response = await fetch(`${mock.match}/__mock/seed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ videos: scaleSeed(from, Math.min(SEED_CHUNK, size - from)) }),
      });
      if (!response.ok)
        throw new Error(`seeding ${size} videos answered ${response.status}: ${await response.text()}`);
    }
    const seedMs = performance.now() - seedStarted;
    let seed = 1;
    return {
      size,
      pid: mock.pid,
      seedMs,
      readAll: async () => {
        await load(mock.match, size, 'each', 10, 0, 0);
        return undefined;
      },
      round: async () => {
        const before = cpuTimeMs(mock.pid) ?? Number.NaN;
        const summary = await load(mock.match, size, 'random', connections, requests, seed++);
        const cpu =
          (((cpuTimeMs(mock.pid) ?? Number.NaN) - before) * 1000) / Math.max(1, summary.requests.total);
        // autocannon's latencies are whole milliseconds: too coarse here, so only CPU is kept.
        return { p50: Number.NaN, p99: Number.NaN, cpu };
      },
      close: async () => {
        await mock.stop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await mock.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
