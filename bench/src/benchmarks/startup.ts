/**
 * 4. Start-up: from spawning the mock's bin as published (`dist/node/bin.js`, what `npx
 * video-api-mock` runs) to its first successful response (polled every 5 ms), vs Prism mocking the
 * same spec. Targets: median at most 300 ms, and at most 0.3x Prism's.
 */
import { spawn } from 'node:child_process';
import { freePort } from '@video-api/test-support';
import { MOCK_CLI, PRISM_BIN, SPEC_FILE } from '../lib/paths.js';
import { stopChild } from '../lib/proc.js';
import { figure } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';
import { assertPrismInstalled, TOKEN, waitUntilAnswers } from '../servers/start.js';

/** Milliseconds from spawn to the first 2xx of `probe`. */
async function timeToFirstAnswer(
  args: (port: number) => string[],
  probe: (port: number) => string,
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args(port), { stdio: 'ignore' });
  try {
    await waitUntilAnswers(probe(port), 60_000);
    return performance.now() - started;
  } finally {
    await stopChild(child);
  }
}

const mockArgs = (port: number) => [
  MOCK_CLI,
  '--port',
  String(port),
  '--token',
  TOKEN,
  '--log-level',
  'silent',
];
const prismArgs = (port: number) => [
  PRISM_BIN,
  'mock',
  SPEC_FILE,
  '-p',
  String(port),
  '-h',
  '127.0.0.1',
  '-v',
  'error',
];

export const startup: Benchmark = {
  name: 'startup',
  title: 'Start-up (process start to first successful response)',
  async run({ runs }) {
    assertPrismInstalled(); // rather than a minute of waiting for a Prism that cannot start
    const count = Math.max(runs, 3);
    // Our mock answers 404 for an unknown key, so its probe is the OpenAPI document it serves;
    // Prism answers any key from the spec's examples.
    const mockProbe = (port: number) => `http://127.0.0.1:${port}/openapi.json`;
    const prismProbe = (port: number) => `http://127.0.0.1:${port}/api/v1/videos/v-0001`;
    await timeToFirstAnswer(mockArgs, mockProbe);
    await timeToFirstAnswer(prismArgs, prismProbe);
    const mock: number[] = [];
    const prism: number[] = [];
    for (let run = 0; run < count; run++) {
      mock.push(await timeToFirstAnswer(mockArgs, mockProbe));
      prism.push(await timeToFirstAnswer(prismArgs, prismProbe));
    }
    return {
      setup: `\`node dist/node/bin.js\` (the video-api-mock bin as published: built, no tsx) and \`prism mock spec/openapi.yaml\` spawned ${count} times each, alternating, after one warm-up start each (warm file cache); the clock runs from spawn to the first 2xx answer, polled every 5 ms (our mock: GET /openapi.json; Prism: GET /api/v1/videos/v-0001).`,
      figures: [
        figure({
          name: 'start to first answer, our mock vs Prism',
          unit: 'ms',
          better: 'lower',
          runs: mock,
          baseline: { name: 'Prism 5.16', runs: prism },
          target: { text: 'at most 0.3x Prism', on: 'ratio', kind: 'max', bound: 0.3 },
        }),
        figure({
          name: 'start to first answer, our mock (median)',
          unit: 'ms',
          better: 'lower',
          runs: mock,
          target: { text: 'median at most 300 ms', on: 'value', kind: 'max', bound: 300 },
        }),
      ],
      notes: [],
    };
  },
};
