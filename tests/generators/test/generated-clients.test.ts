/**
 * Each generator, in its default setup, generates a client from the resolved document (the real
 * `video-api-spec resolve` CLI, the mock's default readings and its address); the client and its
 * steps file type-check in strict mode, and the steps (create two videos, upload a source, wait
 * until ready on the mock's virtual clock, write the five value forms, read them back) run against
 * the mock, every answer valid against the schema the client's types come from.
 */
import { readFileSync } from 'node:fs';
import { type RunningServer, startServer } from '@video-api/mock-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerChecker } from '../src/answer-schema.js';
import { GENERATORS } from '../src/generators.js';
import { resolveTo } from '../src/resolve.js';
import { generate, type Project, runSteps, typecheck } from '../src/workspace.js';

let mock: RunningServer;
let spec: string;
let remove: () => void;

beforeAll(async () => {
  mock = await startServer({ port: 0, realTimeClock: false });
  ({ file: spec, remove } = await resolveTo(['--server', mock.url]));
});
afterAll(async () => {
  await mock?.close();
  remove?.();
});

describe.each(GENERATORS)('$name $version on the resolved document', (generator) => {
  let project: Project;
  beforeAll(async () => {
    project = await generate(generator, spec, true);
  });
  afterAll(() => project?.remove());

  it('generates a client that compiles in strict mode with the steps', async () => {
    expect(await typecheck(project)).toEqual([]);
  });

  it('does the five steps against the mock, every answer valid against its generated type', async () => {
    const answers = await runSteps(project, generator, mock.url);
    const check = answerChecker(JSON.parse(readFileSync(spec, 'utf8')));
    expect(answers.map(({ operationId }) => operationId)).toEqual(
      expect.arrayContaining(['createVideos', 'uploadVideoSource', 'getVideo', 'updateCustomFields']),
    );
    expect(answers.flatMap(check)).toEqual([]);
    expect(answers.at(-1)?.body).toMatchObject({ status: 'ready' });
  });
});
