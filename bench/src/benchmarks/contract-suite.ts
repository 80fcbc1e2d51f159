/**
 * 6. Contract suite time: a full run of the contract suite against the in-process mock with the
 * default readings, and the reading matrix (one run per reading of every unknown with readings).
 */
import { runContract } from '@video-api/contract';
import { createApp } from '@video-api/mock-server/node';
import { idsWithReadings, readingsOf } from '@video-api/schema';
import { figure, median } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';

const TOKENS = ['contract-token', 'contract-other-token'];

/** One suite run (the CLI's in-process settings); resolves with its duration and failed checks. */
async function runOnce(
  readings: Record<string, string>,
): Promise<{ ms: number; failed: number; checks: number; failures: string[] }> {
  const app = createApp({
    tokens: TOKENS,
    processingMs: 150,
    readings,
    logLevel: 'silent',
    rateLimit: { requests: 50, windowMs: 1000 },
  });
  const started = performance.now();
  try {
    const report = await runContract(
      {
        baseUrl: 'http://mock.local',
        uploadBaseUrl: 'http://mock.local',
        token: TOKENS[0] as string,
        otherToken: TOKENS[1] as string,
        projectKey: 'bench',
        fetch: async (request) => app.fetch(request),
        inProcess: true,
      },
      { registerWebhook: async (url) => app.mock.webhooks.register({ url }) },
    );
    return {
      ms: performance.now() - started,
      failed: report.checks.filter((check) => check.verdict === 'fail').length,
      failures: report.checks
        .filter((check) => check.verdict === 'fail')
        .map((check) => `${check.name}: ${String(check.detail).slice(0, 160)}`),
      checks: report.checks.length,
    };
  } finally {
    await app.mock.close();
  }
}

export const contractSuite: Benchmark = {
  name: 'contract',
  title: 'Contract suite time (in-process mock, reading matrix)',
  async run({ quick, runs, log }) {
    const notes: string[] = [];
    await runOnce({});
    const defaults: number[] = [];
    for (let run = 0; run < Math.max(runs, 3); run++) {
      const result = await runOnce({});
      defaults.push(result.ms);
      log(
        `  default readings run ${run + 1}: ${Math.round(result.ms)} ms, ${result.checks} checks, ${result.failed} failed`,
      );
      if (result.failed > 0) {
        notes.push(
          `default readings, run ${run + 1}: ${result.failed} of ${result.checks} checks failed (${result.failures.slice(0, 3).join('; ')}).`,
        );
      }
    }
    const pairs = idsWithReadings.flatMap((id) => readingsOf(id).map((reading) => [id, reading] as const));
    const chosen = quick ? pairs.filter((_, index) => index % 6 === 0) : pairs;
    const matrixStarted = performance.now();
    const perRun: number[] = [];
    for (const [id, reading] of chosen) {
      const result = await runOnce({ [id]: reading });
      perRun.push(result.ms);
      if (result.failed > 0) {
        notes.push(
          `${id}=${reading}: ${result.failed} of ${result.checks} checks failed (${result.failures.slice(0, 3).join('; ')}).`,
        );
      }
    }
    const matrixMs = performance.now() - matrixStarted;
    log(
      `  matrix: ${chosen.length} runs in ${Math.round(matrixMs)} ms (median ${Math.round(median(perRun))} ms)`,
    );
    const slowest = chosen
      .map(([id, reading], index) => ({ name: `${id}=${reading}`, ms: perRun[index] ?? 0 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    notes.push(`Slowest readings: ${slowest.map((s) => `${s.name} ${Math.round(s.ms)} ms`).join(', ')}.`);
    return {
      setup: `runContract with its default options (25 property runs, polling every 100 ms) against createApp() in this process (processingMs 150, rate-limit budget 50 per second as in the contract package's own tests), through app.fetch; default readings ${Math.max(runs, 3)} times after one warm-up, then the reading matrix: ${chosen.length}${quick ? ` of ${pairs.length} (quick mode)` : ''} runs, one per reading of each unknown with readings, one after another.`,
      figures: [
        figure({ name: 'one full run, default readings', unit: 'ms', better: 'lower', runs: defaults }),
        figure({
          name: `reading matrix, ${chosen.length} runs in sequence`,
          unit: 'ms',
          better: 'lower',
          runs: [matrixMs],
        }),
        figure({
          name: 'reading matrix: one run (median over readings)',
          unit: 'ms',
          better: 'lower',
          runs: [median(perRun)],
        }),
      ],
      notes,
    };
  },
};
