/**
 * Specmatic's contract tests of the resolved documents against the mock playing the same readings,
 * with and without its generative tests: every test passes. The key examples (`v-0001`) name a video
 * the mock is seeded with through its admin API before the run, as a team seeds its stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.js';
import { READING_SETS, type Resolved, resolveDocument, TEN_READINGS } from '../src/resolved.js';
import { type Scratch, scratch } from '../src/scratch.js';
import type { ServerProcess } from '../src/server-process.js';
import { javaVersion, specmaticJar, specmaticTest } from '../src/specmatic.js';

/** The key every key example of the spec names (components.parameters.VideoKey.examples). */
const EXAMPLE_KEY = 'v-0001';

/** The default readings, semantic status codes, and ten non-default readings at once. */
const SETS = [...READING_SETS, TEN_READINGS];

/** The row of a `default` answer in Specmatic's coverage table. */
const DEFAULT_ROW = '1000';

let work: Scratch;
const setups = new Map<string, { resolved: Resolved; mock: ServerProcess }>();

async function seedExampleVideo(mock: ServerProcess): Promise<void> {
  const response = await fetch(`${mock.url}/__mock/seed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ videos: [{ key: EXAMPLE_KEY, title: 'Opening keynote', phase: 'ready' }] }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

beforeAll(async () => {
  console.log(`specmatic on ${await javaVersion()}`);
  await specmaticJar();
  work = scratch();
  for (const set of SETS) {
    const [resolved, mock] = await Promise.all([resolveDocument(set, work.dir), startMock(set)]);
    await seedExampleVideo(mock);
    setups.set(set.name, { resolved, mock });
  }
});

afterAll(async () => {
  await Promise.all([...setups.values()].map(({ mock }) => mock.stop()));
  work?.remove();
});

describe.each(SETS)('Specmatic 2.55 on the document of the $name readings', ({ name }) => {
  it.each([false, true])('passes every test against the mock (generative: %s)', async (generative) => {
    const { resolved, mock } = setups.get(name) as { resolved: Resolved; mock: ServerProcess };
    const run = await specmaticTest(resolved.file, mock.url, {
      generative,
      token: 'mock-token',
      cwd: work.dir,
    });
    const unpaired = run.untested.filter(({ status }) => status !== DEFAULT_ROW);
    console.log(
      `specmatic (${name}, generative ${generative}): ${run.passed} passed, ${run.failed} failed of ${run.total}; ` +
        `${unpaired.length} refusal answers not tested, each with its reason in x-no-example`,
    );
    expect(run.failures, run.output.slice(-4000)).toEqual([]);
    expect(run.failed).toBe(0);
    expect(run.total).toBeGreaterThan(generative ? 20 : 5);
    // A refusal left untested is one no inline request can carry, and the document says why.
    for (const { path, method, status } of unpaired) {
      const answer = resolved.document.paths[path]?.[method.toLowerCase()]?.responses?.[status];
      expect(answer?.['x-no-example'], `${method} ${path} ${status} untested without a reason`).toBeDefined();
    }
  });
});
