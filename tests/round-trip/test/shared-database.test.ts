/**
 * The shared-database mode (issue 36) as another team meets it: a project outside the workspace
 * installs the mock and the contract suite by name with plain npm (postgres.js comes with the mock:
 * nothing else to install), then, on this Node and on Node 22 and 24, runs two processes of the
 * installed mock's bin on one PostgreSQL database and one shared `--data-dir`: the README flow with
 * each step on the other instance, the contract CLI against one of them; and one instance on a
 * machine without ffmpeg (a PATH that holds only `node`), whose answers must be those of the
 * instances with ffmpeg, with the placeholder playing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { flowShape } from '../src/answer-shape.js';
import { makeClip } from '../src/clip.js';
import { type Consumer, createConsumer } from '../src/consumer.js';
import { nodeBinary, OTHER_NODES } from '../src/node-versions.js';
import { processesUnder } from '../src/processes.js';
import { type FlowAnswers, readmeCurlFlow } from '../src/readme-flow.js';
import { startSharedMocks } from '../src/shared-mocks.js';
import { pathWithOnlyNode } from '../src/without-ffmpeg.js';

const release = inject('release');
let project: Consumer;
let clip: Uint8Array<ArrayBuffer>;
const BIN = 'node_modules/@video-api/mock-server/dist/node/bin.js';
const CONTRACT = 'node_modules/@video-api/contract/dist/cli/run.js';

beforeAll(async () => {
  project = createConsumer(release.npmrc, 'shared-database');
  await project.npm(['install', '@video-api/mock-server', '@video-api/contract']);
  clip = await makeClip(project.dir); // the machine's ffmpeg, as the instances with it have
}, 900_000);

afterAll(() => project?.remove());

it('installs nothing for PostgreSQL beyond the mock (postgres.js is its dependency), and no ffmpeg', () => {
  expect(existsSync(join(project.dir, 'node_modules/postgres/package.json'))).toBe(true);
  expect(existsSync(join(project.dir, 'node_modules/@ffmpeg-installer'))).toBe(false);
});

/** This Node (undefined: this process's binary), then the others. */
const NODES: [string, string | undefined][] = [
  [`${process.versions.node} (this one)`, undefined],
  ...Object.values(OTHER_NODES).map((version): [string, string] => [version, version]),
];

describe.each(NODES)('on Node %s, the installed mock on one PostgreSQL database', (_label, version) => {
  let node: string;
  /** The flow's answers from the two instances with ffmpeg. */
  let withFfmpeg: FlowAnswers | undefined;
  beforeAll(async () => {
    node = version === undefined ? process.execPath : await nodeBinary(version);
  });

  it('two instances with one --data-dir are one mock: the flow step by step on the other, the contract CLI passes', async () => {
    const mocks = await startSharedMocks({ bin: BIN, cwd: project.dir, count: 2, node });
    try {
      const [a, b] = mocks.instances.map((instance) => instance.url) as [string, string];
      // Create on A, upload on B, wait for ready reading A, write the fields on B, read on A, play on B.
      withFfmpeg = await readmeCurlFlow([a, b], clip);
      expect(withFfmpeg.ready.body).toMatchObject({ status: 'ready' });
      expect(withFfmpeg.playlist.rendition, mocks.output()).toBe('transcoded'); // ffmpeg is on PATH
      const run = await project.node([CONTRACT, '--base-url', b, '--token', 'mock-token'], {
        node,
        allowFailure: true,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
    } finally {
      await mocks.stop();
    }
  });

  it('without ffmpeg (a PATH with only node), `--transcode auto` answers the flow the same and plays the placeholder', async () => {
    const bare = pathWithOnlyNode(node);
    try {
      expect(bare.programs()).toEqual(['node']);
      // The same PATH is a machine without ffmpeg to the mock: `--transcode on` stops, saying so.
      const on = await project.node([BIN, '--transcode', 'on', '--port', '0'], {
        node,
        env: { PATH: bare.path },
        allowFailure: true,
        timeoutMs: 60_000,
      });
      expect(on.code, on.stdout + on.stderr).toBe(2);
      expect(on.stderr).toContain('"on" needs ffmpeg, and none was found');
      const mocks = await startSharedMocks({
        bin: BIN,
        cwd: project.dir,
        count: 1,
        node,
        args: ['--log-level', 'info'],
        env: { PATH: bare.path },
      });
      try {
        const [only] = mocks.instances.map((instance) => instance.url) as [string];
        const answers = await readmeCurlFlow(only, clip);
        expect(answers.ready.body).toMatchObject({ status: 'ready' });
        expect(answers.playlist.rendition, mocks.output()).toBe('placeholder');
        // and says so, once, with how to get ffmpeg
        expect(mocks.output().match(/transcode auto: no ffmpeg found/g), mocks.output()).toHaveLength(1);
        expect(withFfmpeg, 'the answers of the instances with ffmpeg (the test before)').toBeDefined();
        expect(flowShape(answers)).toEqual(flowShape(withFfmpeg as FlowAnswers));
      } finally {
        await mocks.stop();
      }
    } finally {
      bare.remove();
    }
  });
});

describe('afterwards', () => {
  it('leaves no process behind in the project', async () => {
    expect(await processesUnder([project.dir])).toEqual([]);
  });
});
