/**
 * Mock A/B: this checkout's mock against another checkout's (`--baseline DIR`, e.g. a worktree of
 * the commit before a change), run side by side in one run: server CPU time per request (GET
 * video, PUT custom fields; fresh processes every round) and per MiB and peak RSS of a 1 GiB curl
 * upload, rounds interleaved and the order alternating, so that a change of the machine's speed
 * moves both alike. The load rounds run twice: in memory, and with a data dir (SQLite) of each
 * side's own, fresh every round.
 */

/** The stores the load rounds run on: the label a figure names, and the CLI's arguments for it. */
const STORES = [
  { label: '', args: (): string[] => [] },
  { label: ', data dir (SQLite)', args: (): string[] => ['--data-dir', mkdtempSync(`${TMP_DIR}/ab-data-`)] },
] as const;

import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { TMP_DIR } from '../lib/paths.js';
import { pinToLastCore } from '../lib/pin.js';
import { cpuTimeMs, peakRssMiB, resetPeakRss, type Started } from '../lib/proc.js';
import { loadWithCpu } from '../lib/server-cpu.js';
import { figure } from '../lib/stats.js';
import { MiB, writeTestFile } from '../lib/test-file.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, startMock } from '../servers/start.js';
import { createVideo, ROUTES, type Route } from './throughput.js';
import { createKey, uploadOnce } from './upload.js';

type Side = 'this' | 'baseline';
const CONNECTIONS = 50;
const WITHIN = { text: 'within 5% of the baseline', on: 'ratio', kind: 'max', bound: 1.05 } as const;

/** Server CPU µs per request of one load run. */
async function cpuPerRequest(server: Started, route: Route, key: string, seconds: number): Promise<number> {
  const result = await loadWithCpu(server, route, key, seconds, AUTH, CONNECTIONS);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.name}: ${result.non2xx} non-2xx answers`);
  return result.cpuUsPerRequest;
}

async function uploadCost(server: Started, file: string, bytes: number) {
  const key = await createKey(server.match);
  resetPeakRss(server.pid);
  const before = cpuTimeMs(server.pid) ?? Number.NaN;
  await uploadOnce('curl', server.match, key, file, bytes);
  const cpuMsPerMiB = ((cpuTimeMs(server.pid) ?? Number.NaN) - before) / (bytes / MiB);
  return { cpuMsPerMiB, peakMiB: peakRssMiB(server.pid) ?? Number.NaN };
}

export const mockAb: Benchmark = {
  name: 'mock-ab',
  title: 'Mock A/B: this checkout against a baseline checkout (--baseline DIR)',
  needsBaseline: true,
  async run({ quick, runs, baseline, log }) {
    if (baseline === undefined)
      throw new Error('needs --baseline DIR: a checkout of the commit to compare with');
    // A checkout from before the bins moved into dist has its command under bin/.
    const candidates = ['apps/mock-server/dist/node/bin.js', 'apps/mock-server/bin/video-api-mock.mjs'].map(
      (relative) => `${baseline.replace(/\/+$/, '')}/${relative}`,
    );
    const baselineCli = candidates.find((path) => existsSync(path));
    if (!baselineCli) throw new Error(`--baseline: no mock at ${candidates.join(' or ')} (build it first)`);
    const rounds = quick ? runs : Math.max(runs, 8);
    const seconds = quick ? 3 : 10;
    const servers: Partial<Record<Side, Started>> = {};
    let pinned = '';
    const samples = new Map<string, number[]>();
    const add = (id: string, value: number) => samples.set(id, [...(samples.get(id) ?? []), value]);
    try {
      mkdirSync(TMP_DIR, { recursive: true });
      // Load rounds: a fresh process per side and round (started in alternating order, pinned
      // with the other side's), so that no mock carries a slot of its own through the run.
      for (const store of STORES)
        for (let round = 0; round < rounds; round++) {
          const dirs: string[] = [];
          const start = (side: Side) => {
            const args = store.args();
            if (args[1] !== undefined) dirs.push(args[1]);
            return side === 'this' ? startMock(args) : startMock(args, baselineCli);
          };
          const order = round % 2 === 0 ? (['this', 'baseline'] as const) : (['baseline', 'this'] as const);
          const fresh: Partial<Record<Side, Started>> = {};
          try {
            for (const side of order) fresh[side] = await start(side);
            pinned = pinToLastCore([(fresh.this as Started).pid, (fresh.baseline as Started).pid]);
            for (const side of order) {
              const server = fresh[side] as Started;
              const { key } = await createVideo(server.match);
              for (const route of ROUTES) {
                await cpuPerRequest(server, route, key, 3);
                const us = await cpuPerRequest(server, route, key, seconds);
                log(
                  `  ${route.name}${store.label} ${side} round ${round + 1}: ${us.toFixed(1)} µs CPU per request`,
                );
                add(`${route.name}${store.label}|${side}`, us);
              }
            }
          } finally {
            for (const server of Object.values(fresh)) await server?.stop();
            for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
          }
        }
      servers.this = await startMock();
      servers.baseline = await startMock([], baselineCli);
      pinToLastCore([servers.this.pid, servers.baseline.pid]);
      mkdirSync(TMP_DIR, { recursive: true });
      const bytes = (quick ? 100 : 1024) * MiB;
      const file = await writeTestFile(`${TMP_DIR}/ab-${bytes}.bin`, bytes);
      for (const side of ['this', 'baseline'] as const)
        await uploadCost(servers[side] as Started, file, bytes);
      for (let round = 0; round < Math.max(runs, 3); round++) {
        for (const side of round % 2 === 0
          ? (['this', 'baseline'] as const)
          : (['baseline', 'this'] as const)) {
          const cost = await uploadCost(servers[side] as Started, file, bytes);
          log(
            `  upload ${side} round ${round + 1}: ${cost.cpuMsPerMiB.toFixed(2)} ms CPU per MiB, peak ${cost.peakMiB.toFixed(0)} MiB`,
          );
          add(`upload|${side}`, cost.cpuMsPerMiB);
          add(`upload-rss|${side}`, cost.peakMiB);
        }
      }
      const size = quick ? '100 MiB' : '1 GiB';
      const pair = (id: string, name: string, unit: string, target?: Figure['target']): Figure =>
        figure({
          name,
          unit,
          better: 'lower',
          runs: samples.get(`${id}|this`) ?? [],
          baseline: { name: 'baseline checkout', runs: samples.get(`${id}|baseline`) ?? [] },
          ...(target && { target }),
        });
      return {
        setup: `Two mocks through their CLIs (in memory, --log-level silent), each in its own process: this checkout's and the one at --baseline; ${pinned}. Load: ${rounds} rounds in memory, then ${rounds} with a data dir (SQLite) of each side's own, fresh every round; in each, both mocks start afresh (the order alternating) and each in turn takes a 3 s warm-up and ${seconds} s of autocannon 7.15, ${CONNECTIONS} connections, per route. Upload: ${size} with curl (-F), one warm-up each, then ${Math.max(runs, 3)} rounds alternating. Server CPU time: user + system of the server process from /proc/PID/stat, per request answered or per MiB received; peak RSS: VmHWM after clear_refs.`,
        figures: [
          ...STORES.flatMap((store) =>
            ROUTES.map((route) =>
              pair(
                `${route.name}${store.label}`,
                `${route.name}${store.label}: server CPU time per request, this vs baseline`,
                'µs',
                WITHIN,
              ),
            ),
          ),
          pair('upload', `${size} with curl: server CPU time per MiB, this vs baseline`, 'ms', WITHIN),
          pair('upload-rss', `${size} with curl: peak RSS of the mock, this vs baseline`, 'MiB', {
            text: 'at most 150 MiB',
            on: 'value',
            kind: 'max',
            bound: 150,
          }),
        ],
        notes: [],
      };
    } finally {
      for (const server of Object.values(servers)) await server?.stop();
    }
  },
};
