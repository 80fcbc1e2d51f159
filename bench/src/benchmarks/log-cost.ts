/**
 * Log cost (issue 36, item 7): server CPU per GET of the mock started as a user starts it (the
 * CLI's defaults: log level info, JSON lines, stdout and stderr to a file) against the bare Hono
 * app, so the request log line is counted; the same mock with --log-level silent beside, for what
 * the line itself costs. Each side in its own process, pinned to one core, fresh every round;
 * per round a warm-up each, then slices in the order A B C C B A.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MOCK_CLI } from '../lib/paths.js';
import { pinToLastCore } from '../lib/pin.js';
import { type Started, stopChild } from '../lib/proc.js';
import { loadWithCpu } from '../lib/server-cpu.js';
import { figure, median } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';
import { AUTH, startBareHono, TOKEN } from '../servers/start.js';
import { createVideo, ROUTES } from './throughput.js';

type Side = 'default' | 'silent' | 'bare';
const CONNECTIONS = 50;
const BOUND = 1.25;
const GET = ROUTES[0] as (typeof ROUTES)[number];

/** The mock's CLI with only a port, a token and no transcoding given, its output to `file`. */
async function startMockToFile(file: string, extra: string[] = []): Promise<Started> {
  const out = openSync(file, 'w');
  const child = spawn(
    process.execPath,
    [MOCK_CLI, '--port', '0', '--token', TOKEN, '--transcode', 'off', ...extra],
    { stdio: ['ignore', out, out] },
  );
  const started = performance.now();
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(readFileSync(file, 'utf8'));
    if (match?.[1] && child.pid !== undefined) {
      return {
        child,
        pid: child.pid,
        match: match[1],
        readyMs: performance.now() - started,
        stop: () => stopChild(child),
      };
    }
    if (child.exitCode !== null) throw new Error(`the mock exited: ${readFileSync(file, 'utf8')}`);
    if (performance.now() - started > 60_000) throw new Error('the mock did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const logCost: Benchmark = {
  name: 'log-cost',
  title: 'The mock with its defaults (log level info, output to a file) vs the bare Hono app: CPU per GET',
  async run({ quick, runs, log }) {
    const seconds = quick ? 3 : 8;
    const warmupS = quick ? 1 : 3;
    const rounds = quick ? Math.max(runs, 2) : Math.max(runs, 6);
    const dir = mkdtempSync(join(tmpdir(), 'bench-log-cost-'));
    const us: Record<Side, number[]> = { default: [], silent: [], bare: [] };
    const ratios: number[] = [];
    let pinned = '';
    let lineBytes = 0;
    try {
      for (let round = 0; round < rounds; round++) {
        const order: Side[] = round % 2 === 0 ? ['default', 'silent', 'bare'] : ['bare', 'silent', 'default'];
        const file = join(dir, `mock-${round}.log`);
        const fresh: Partial<Record<Side, Started>> = {};
        try {
          fresh.default = await startMockToFile(file);
          fresh.silent = await startMockToFile(join(dir, `silent-${round}.log`), ['--log-level', 'silent']);
          const { key, record } = await createVideo(fresh.default.match);
          await createVideo(fresh.silent.match);
          fresh.bare = await startBareHono(record);
          pinned = pinToLastCore(Object.values(fresh).map((s) => (s as Started).pid));
          for (const side of order)
            await loadWithCpu(fresh[side] as Started, GET, key, warmupS, AUTH, CONNECTIONS);
          const slices: Record<Side, number[]> = { default: [], silent: [], bare: [] };
          const before = statSync(file).size;
          let defaultRequests = 0;
          for (const side of [...order, ...[...order].reverse()]) {
            const result = await loadWithCpu(
              fresh[side] as Started,
              GET,
              key,
              seconds / 2,
              AUTH,
              CONNECTIONS,
            );
            if (result.non2xx > 0 || result.errors > 0)
              throw new Error(`${side}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
            slices[side].push(result.cpuUsPerRequest);
            if (side === 'default') defaultRequests += result.total;
            log(`  GET ${side} round ${round + 1}: ${result.cpuUsPerRequest.toFixed(1)} µs CPU per request`);
          }
          await fresh.default.stop();
          lineBytes = (statSync(file).size - before) / Math.max(1, defaultRequests);
          const mean = (side: Side) => ((slices[side][0] ?? 0) + (slices[side][1] ?? 0)) / 2;
          for (const side of order) us[side].push(mean(side));
          ratios.push(mean('default') / mean('bare'));
          log(`  GET round ${round + 1}: ratio ${(ratios.at(-1) as number).toFixed(2)}x`);
        } finally {
          for (const server of Object.values(fresh)) await server?.stop();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const spread = `per-round ratios ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    return {
      setup: `Our mock through its built CLI started with its defaults (only --port 0, --token and --transcode off given: log level info, JSON log lines, stdout and stderr to a file, about ${Math.round(lineBytes)} bytes of log per request) and the same CLI with --log-level silent, against the bare Hono 4 + @hono/node-server app (src/servers/bare-hono.ts), each in its own process, all ${pinned}. ${rounds} rounds; in each, all start afresh, take a ${warmupS} s warm-up, then are measured twice for ${seconds / 2} s in the order A B C C B A (which goes first alternating by round), autocannon, ${CONNECTIONS} connections, GET video. Server CPU time per request: user + system of the server process from /proc/PID/stat over the run, divided by the requests answered (the log's writes are the server's own). The ratio is the median of the mock's runs over the median of the bare app's.`,
      figures: [
        figure({
          name: 'GET video: server CPU per request, the mock with its defaults (log to a file) vs bare Hono',
          unit: 'µs',
          better: 'lower',
          runs: us.default,
          baseline: { name: 'bare Hono', runs: us.bare },
          target: { text: `at most ${BOUND}x the bare app`, on: 'ratio', kind: 'max', bound: BOUND },
          note: spread,
        }),
        figure({
          name: 'GET video: server CPU per request, the mock with --log-level silent vs bare Hono',
          unit: 'µs',
          better: 'lower',
          runs: us.silent,
          baseline: { name: 'bare Hono', runs: us.bare },
          note: `the log line's own cost: ${(median(us.default) - median(us.silent)).toFixed(1)} µs per request`,
        }),
      ],
      notes: [],
    };
  },
};
