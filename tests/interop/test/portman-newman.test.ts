/**
 * Portman generates contract tests from the resolved documents, and newman runs them against the
 * mock playing the same readings: every operation gets tests, every assertion passes, and the upload
 * carries a real file part.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.js';
import { type NewmanRun, runCollection } from '../src/newman.js';
import { type Operation, operationsOf } from '../src/operations.js';
import { type Collection, generateCollection, requestFor, testCount } from '../src/portman.js';
import { READING_SETS, type Resolved, resolveDocument } from '../src/resolved.js';
import { type Scratch, scratch } from '../src/scratch.js';
import type { ServerProcess } from '../src/server-process.js';

interface Setup {
  resolved: Resolved;
  operations: Operation[];
  collectionFile: string;
  collection: Collection;
  mock: ServerProcess;
  /** newman's run of the collection against the mock, once for all tests. */
  run?: Promise<NewmanRun>;
}

function newmanRun(setup: Setup): Promise<NewmanRun> {
  setup.run ??= runCollection(setup.collectionFile, setup.resolved.document, setup.mock.url, work.dir);
  return setup.run;
}

let work: Scratch;
const setups = new Map<string, Setup>();

beforeAll(async () => {
  work = scratch();
  await Promise.all(
    READING_SETS.map(async (set) => {
      const [resolved, mock] = await Promise.all([resolveDocument(set, work.dir), startMock(set)]);
      const operations = operationsOf(resolved.document);
      const collectionFile = await generateCollection(resolved.file, operations, work.dir);
      const collection = JSON.parse(readFileSync(collectionFile, 'utf8')) as Collection;
      setups.set(set.name, { resolved, operations, collectionFile, collection, mock });
    }),
  );
});

afterAll(async () => {
  await Promise.all([...setups.values()].map(({ mock }) => mock.stop()));
  work?.remove();
});

describe.each(READING_SETS)(
  'Portman 1.33 and newman 6.2 on the document of the $name readings',
  ({ name }) => {
    it('generates contract tests for every operation', () => {
      const { operations, collection } = setups.get(name) as Setup;
      const counts = operations.map((operation) => {
        const request = requestFor(collection, operation);
        return { id: operation.id, found: request !== undefined, tests: request ? testCount(request) : 0 };
      });
      console.log(
        `portman (${name} readings): ${counts.reduce((sum, c) => sum + c.tests, 0)} tests (${counts.map((c) => `${c.id} ${c.tests}`).join(', ')})`,
      );
      expect(
        counts.filter((c) => !c.found).map((c) => c.id),
        'operations without a request',
      ).toEqual([]);
      expect(
        counts.filter((c) => c.tests === 0).map((c) => c.id),
        'operations without a test',
      ).toEqual([]);
    });

    it('passes every assertion against the mock playing the same readings', async () => {
      const setup = setups.get(name) as Setup;
      const run = await newmanRun(setup);
      const { total, failed } = run.stats.assertions;
      console.log(`newman (${name} readings): ${total - failed} assertions passed, ${failed} failed`);
      const failures = run.failures.map((f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`);
      expect(failures, `newman failures against the mock (${name} readings)`).toEqual([]);
      expect(run.stats.requests.total, 'requests sent').toBe(setup.operations.length);
      expect(total, 'assertions run').toBeGreaterThan(0);
    });

    it('uploads a real file part and the mock accepts it', async () => {
      const setup = setups.get(name) as Setup;
      const run = await newmanRun(setup);
      const upload = setup.operations.find(
        (operation) => operation.request?.mediaType === 'multipart/form-data',
      );
      const execution = run.executions.find((e) => e.request.body?.mode === 'formdata');
      const parts = (execution?.request.body?.formdata ?? []) as Array<{
        key: string;
        type: string;
        src?: string;
      }>;
      expect(parts, 'the upload request has no file part with a source').toContainEqual(
        expect.objectContaining({ key: 'file', type: 'file', src: 'clip.mp4' }),
      );
      expect(execution?.response?.code, 'the mock did not accept the upload').toBe(upload?.success);
    });

    it('stops the mock with its whole process group', async () => {
      const { mock } = setups.get(name) as Setup;
      await mock.stop();
      expect(mock.alive(), `the mock (${name}) left a process in its group`).toBe(false);
    });
  },
);
