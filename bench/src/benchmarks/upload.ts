/**
 * 2. Upload: 100 MiB and 1 GiB files, with curl and with our client, against our mock and against
 * a bare node:http server that pipes the raw body to a file (the limit of this machine). Reports
 * MiB/s and the peak RSS of the server and of the client.
 */
import { mkdirSync } from 'node:fs';
import { sourceArgs } from '@video-api/test-support';
import { script, TMP_DIR } from '../lib/paths.js';
import { cpuTimeMs, peakRssMiB, resetPeakRss, runToEnd, type Started, samplePeak } from '../lib/proc.js';
import { figure } from '../lib/stats.js';
import { MiB, writeTestFile } from '../lib/test-file.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, startBareUpload, startMock, TOKEN } from '../servers/start.js';

const UPLOAD_PATH = '/api/upload/v1/form-data/videos/';
export type Tool = 'curl' | 'client';
type Server = 'mock' | 'bare';
interface Sample {
  mibPerS: number;
  serverPeakMiB: number;
  /** Server CPU time (user + system, all threads) per MiB received. */
  serverCpuMsPerMiB: number;
  clientPeakMiB: number;
}

/** Creates one video on the mock at `base`; resolves its key. */
export async function createKey(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/videos`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'bench', videos: [{ title: 'Upload' }] }),
  });
  const [video] = (await response.json()) as { key: string }[];
  if (!video) throw new Error(`create answered ${response.status} without a video`);
  return video.key;
}

/** One upload of `file` with curl or our client (in its own process): MiB/s and the client's peak RSS. */
export async function uploadOnce(
  tool: Tool,
  base: string,
  key: string,
  file: string,
  bytes: number,
): Promise<Omit<Sample, 'serverPeakMiB' | 'serverCpuMsPerMiB'>> {
  if (tool === 'curl') {
    let sampler: ReturnType<typeof samplePeak> | undefined;
    const { stdout } = await runToEnd(
      'curl',
      [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{time_total}',
        '-H',
        `Authorization: ${AUTH}`,
        '-H',
        'Expect:',
        '-F',
        `file=@${file};type=video/mp4`,
        `${base}${UPLOAD_PATH}${key}`,
      ],
      {
        onSpawn: (pid) => {
          sampler = samplePeak(pid, 10);
        },
      },
    );
    const clientPeakMiB = sampler?.stop() ?? Number.NaN;
    const [status, seconds] = stdout.trim().split(' ');
    if (!status?.startsWith('2')) throw new Error(`curl upload to ${base} answered ${status}`);
    return { mibPerS: bytes / MiB / Number(seconds), clientPeakMiB };
  }
  const { stdout } = await runToEnd(process.execPath, [
    ...sourceArgs(script('clients/client-upload.ts')),
    base,
    TOKEN,
    key,
    file,
  ]);
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    ms: number;
    status: number;
    peakRssMiB: number;
  };
  if (result.status < 200 || result.status > 299)
    throw new Error(`client upload to ${base} answered ${result.status}`);
  return { mibPerS: bytes / MiB / (result.ms / 1000), clientPeakMiB: result.peakRssMiB };
}

export const upload: Benchmark = {
  name: 'upload',
  title: 'Upload (100 MiB and 1 GiB, curl and our client)',
  async run({ quick, runs, log }) {
    const SMALL_FILE_RUNS = quick ? runs : 7;
    const sizes = quick ? [100 * MiB] : [100 * MiB, 1024 * MiB];
    const label = (bytes: number) =>
      bytes >= 1024 * MiB ? `${bytes / 1024 / MiB} GiB` : `${bytes / MiB} MiB`;
    const folder = `${TMP_DIR}/bare-upload`;
    mkdirSync(folder, { recursive: true });
    const servers: Partial<Record<Server, Started>> = {};
    const samples = new Map<string, Sample[]>();
    const notes: string[] = [];
    let resettable = true;
    try {
      servers.mock = await startMock();
      servers.bare = await startBareUpload(folder);
      for (const bytes of sizes) {
        const file = await writeTestFile(`${TMP_DIR}/upload-${bytes}.bin`, bytes);
        for (const tool of ['curl', 'client'] as const) {
          // Warm-up: one upload of each server with this tool (not counted).
          for (const server of ['mock', 'bare'] as const) {
            const base = (servers[server] as Started).match;
            await uploadOnce(tool, base, server === 'mock' ? await createKey(base) : 'bare', file, bytes);
          }
          // A 100 MiB upload takes a fraction of a second, so a burst of other work on the machine
          // moves one run a lot: small files get more runs, and the order alternates.
          const runsOfSize = bytes < 1024 * MiB ? Math.max(runs, SMALL_FILE_RUNS) : runs;
          for (let run = 0; run < runsOfSize; run++) {
            const order = run % 2 === 0 ? (['mock', 'bare'] as const) : (['bare', 'mock'] as const);
            for (const server of order) {
              const started = servers[server] as Started;
              const key = server === 'mock' ? await createKey(started.match) : 'bare';
              resettable = resetPeakRss(started.pid) && resettable;
              const cpuBefore = cpuTimeMs(started.pid) ?? Number.NaN;
              const sample = await uploadOnce(tool, started.match, key, file, bytes);
              const serverPeakMiB = peakRssMiB(started.pid) ?? Number.NaN;
              const serverCpuMsPerMiB = ((cpuTimeMs(started.pid) ?? Number.NaN) - cpuBefore) / (bytes / MiB);
              log(
                `  ${label(bytes)} ${tool} → ${server} run ${run + 1}: ${sample.mibPerS.toFixed(0)} MiB/s, server peak ${serverPeakMiB.toFixed(0)} MiB, client peak ${sample.clientPeakMiB.toFixed(0)} MiB`,
              );
              const id = `${bytes}|${tool}|${server}`;
              samples.set(id, [...(samples.get(id) ?? []), { ...sample, serverPeakMiB, serverCpuMsPerMiB }]);
            }
          }
        }
      }
    } finally {
      for (const server of Object.values(servers)) await server?.stop();
    }
    if (!resettable)
      notes.push(
        'The kernel refused to reset the peak RSS counter (clear_refs): server peaks are the peak since start.',
      );
    const of = (bytes: number, tool: Tool, server: Server, pick: (s: Sample) => number) =>
      (samples.get(`${bytes}|${tool}|${server}`) ?? []).map(pick);
    const figures: Figure[] = [];
    const rssTarget = { text: 'at most 150 MiB', on: 'value', kind: 'max', bound: 150 } as const;
    for (const bytes of sizes) {
      for (const tool of ['curl', 'client'] as const) {
        const name = `${label(bytes)} with ${tool === 'curl' ? 'curl' : 'our client'}`;
        // The same sample of the mock's runs and of the bare server's, as figure runs and baseline.
        const mockVsBare = (pick: (s: Sample) => number, baseline: string) => ({
          runs: of(bytes, tool, 'mock', pick),
          baseline: { name: baseline, runs: of(bytes, tool, 'bare', pick) },
        });
        figures.push(
          figure({
            name: `${name}: MiB/s, our mock vs bare limit`,
            unit: 'MiB/s',
            better: 'higher',
            ...mockVsBare((s) => s.mibPerS, 'bare node:http to file'),
            target: { text: 'at least 0.8x the limit', on: 'ratio', kind: 'min', bound: 0.8 },
          }),
          figure({
            name: `${name}: server CPU time per MiB, our mock vs bare limit`,
            unit: 'ms',
            better: 'lower',
            ...mockVsBare((s) => s.serverCpuMsPerMiB, 'bare node:http to file'),
          }),
          figure({
            name: `${name}: peak RSS of our mock`,
            unit: 'MiB',
            better: 'lower',
            ...mockVsBare((s) => s.serverPeakMiB, 'bare server'),
            target: rssTarget,
          }),
          figure({
            name: `${name}: peak RSS of the ${tool === 'curl' ? 'curl process' : 'client process'} (to our mock)`,
            unit: 'MiB',
            better: 'lower',
            ...mockVsBare((s) => s.clientPeakMiB, 'same tool to the bare server'),
            ...(tool === 'client' ? { target: rssTarget } : {}),
          }),
        );
      }
      figures.push(
        figure({
          name: `${label(bytes)}: MiB/s, our client vs curl (both to the bare server)`,
          unit: 'MiB/s',
          better: 'higher',
          runs: of(bytes, 'client', 'bare', (s) => s.mibPerS),
          baseline: { name: 'curl', runs: of(bytes, 'curl', 'bare', (s) => s.mibPerS) },
        }),
      );
    }
    if (sizes.length > 1) {
      const [small, large] = sizes as [number, number];
      const flat = {
        text: 'flat: at most 1.2x the 100 MiB peak',
        on: 'ratio',
        kind: 'max',
        bound: 1.2,
      } as const;
      for (const tool of ['curl', 'client'] as const) {
        figures.push(
          figure({
            name: `peak RSS of our mock, ${label(large)} vs ${label(small)} (${tool})`,
            unit: 'MiB',
            better: 'lower',
            runs: of(large, tool, 'mock', (s) => s.serverPeakMiB),
            baseline: { name: label(small), runs: of(small, tool, 'mock', (s) => s.serverPeakMiB) },
            target: flat,
          }),
        );
      }
      figures.push(
        figure({
          name: `peak RSS of our client process, ${label(large)} vs ${label(small)}`,
          unit: 'MiB',
          better: 'lower',
          runs: of(large, 'client', 'mock', (s) => s.clientPeakMiB),
          baseline: { name: label(small), runs: of(small, 'client', 'mock', (s) => s.clientPeakMiB) },
          target: flat,
        }),
      );
    }
    return {
      setup: `Files of ${sizes.map(label).join(' and ')} (incompressible, written by a streaming generator, deleted after). curl (\`-F file=@…\`, \`Expect:\` off) and our client (\`@video-api/client/node\`, \`uploadSource(key, path)\`, in its own Node process; time of the upload call only) upload to our mock (its CLI, in memory: files land in its temporary folder) and to a bare node:http server piping the raw request body to a file. One warm-up upload per tool and server, then ${runs} run(s) (at least ${SMALL_FILE_RUNS} for files under 1 GiB), servers interleaved and the order alternating. Server peak RSS: VmHWM after resetting it (clear_refs) before each upload; client peak: getrusage maxRSS of the client process; curl: VmHWM sampled every 10 ms. Server CPU time per MiB: user + system time of the server process over the upload (from /proc/PID/stat), divided by the file's MiB; it does not depend on the disk.`,
      figures,
      notes,
    };
  },
};
