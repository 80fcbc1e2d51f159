/**
 * One store of the `scale` benchmark in its own process (`node --expose-gc`): an in-process mock
 * (`createApp`, in memory or with a data dir) seeded with `size` videos, answering commands from
 * the benchmark over IPC: GETs of random keys timed in-process, and its memory after a full GC.
 * Usage (spawned by scale.ts): scale-worker.ts memory|data-dir SIZE [DATA_DIR]
 */
import { createApp, seededRandom } from '@video-api/mock-server/node';
import { percentile } from '../lib/stats.js';
import { AUTH, TOKEN } from '../servers/start.js';
import { SEED_CHUNK, scaleKey, scaleSeed } from './scale-seed.js';

export type WorkerCommand =
  | { kind: 'gets'; count: number }
  | { kind: 'read-all' }
  | { kind: 'memory' }
  | { kind: 'close' };

export interface GetsReply {
  kind: 'gets';
  p50Us: number;
  p99Us: number;
  /** User + system CPU time of this process over the GETs, per GET. */
  cpuUsPerGet: number;
}
export interface MemoryReply {
  kind: 'memory';
  rssMiB: number;
  heapUsedMiB: number;
}
export type WorkerReply =
  | { kind: 'ready'; size: number; seedMs: number }
  | GetsReply
  | { kind: 'read-all'; p50Us: number }
  | MemoryReply
  | { kind: 'closed' };

const [store, sizeText, dataDir] = process.argv.slice(2);
const size = Number(sizeText);
if ((store !== 'memory' && store !== 'data-dir') || !Number.isInteger(size) || size < 1)
  throw new Error(
    `usage: scale-worker memory|data-dir SIZE [DATA_DIR] (got ${process.argv.slice(2).join(' ')})`,
  );
const send = (reply: WorkerReply) => process.send?.(reply);
const gc = (globalThis as { gc?: () => void }).gc;

const app = createApp({ tokens: [TOKEN], logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
const seedStarted = performance.now();
for (let from = 0; from < size; from += SEED_CHUNK)
  await app.mock.seed(scaleSeed(from, Math.min(SEED_CHUNK, size - from)));
send({ kind: 'ready', size, seedMs: performance.now() - seedStarted });

const next = seededRandom(7);

/** One GET of `key` through app.fetch; its latency in µs. */
async function get(key: string): Promise<number> {
  const started = performance.now();
  const response = await app.fetch(
    new Request(`http://bench.local/api/v1/videos/${key}`, { headers: { authorization: AUTH } }),
  );
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${key} answered ${response.status}`);
  return (performance.now() - started) * 1000;
}

async function handle(command: WorkerCommand): Promise<WorkerReply> {
  switch (command.kind) {
    case 'gets': {
      const latencies: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < command.count; i++) latencies.push(await get(scaleKey(Math.floor(next() * size))));
      const used = process.cpuUsage(cpu);
      return {
        kind: 'gets',
        p50Us: percentile(latencies, 50),
        p99Us: percentile(latencies, 99),
        cpuUsPerGet: (used.user + used.system) / command.count,
      };
    }
    case 'read-all': {
      const latencies: number[] = [];
      for (let i = 0; i < size; i++) latencies.push(await get(scaleKey(i)));
      return { kind: 'read-all', p50Us: percentile(latencies, 50) };
    }
    case 'memory': {
      gc?.();
      gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      return { kind: 'memory', rssMiB: rss / 2 ** 20, heapUsedMiB: heapUsed / 2 ** 20 };
    }
    case 'close':
      await app.mock.close();
      return { kind: 'closed' };
  }
}

// The benchmark gone (killed, crashed), the worker goes too.
process.on('disconnect', () => process.exit(0));
process.on('message', (command: WorkerCommand) => {
  handle(command).then(
    (reply) => {
      send(reply);
      if (reply.kind === 'closed') process.disconnect();
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
});
