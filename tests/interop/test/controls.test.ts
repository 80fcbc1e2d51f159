/**
 * Controls: the tools see a difference. A collection of the semantic document fails against the mock
 * playing the default (all-200) readings, exactly where the success statuses differ; and on the
 * unresolved spec Prism answers 500 and Portman generates no test, which is why the resolver exists.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mock.js';
import { runCollection } from '../src/newman.js';
import { type Operation, operationsOf } from '../src/operations.js';
import { type Collection, generateCollection, requestsOf, testCount } from '../src/portman.js';
import { startPrism } from '../src/prism.js';
import { describeProbe, probe } from '../src/probes.js';
import { READING_SETS, type Resolved, resolveDocument, SPEC_FILE } from '../src/resolved.js';
import { type Scratch, scratch } from '../src/scratch.js';
import type { ServerProcess } from '../src/server-process.js';

const [DEFAULT, SEMANTIC] = READING_SETS as [(typeof READING_SETS)[0], (typeof READING_SETS)[0]];

let work: Scratch;
let defaults: Resolved;
let semantic: Resolved;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  work = scratch();
  [defaults, semantic] = await Promise.all([
    resolveDocument(DEFAULT, work.dir),
    resolveDocument(SEMANTIC, work.dir),
  ]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  work?.remove();
});

/** Portman's name of an operation's exact-status test. */
const statusTest = (operation: Operation) =>
  `[${operation.method}]::${operation.path.replace(/\{([^}]+)\}/g, ':$1')} - Response status code is ${operation.success}`;

describe('a collection of one reading run against the mock playing another', () => {
  it('fails exactly the status tests of the operations whose success status differs', async () => {
    const operations = operationsOf(semantic.document);
    const before = new Map(operationsOf(defaults.document).map((o) => [o.id, o.success]));
    const differing = operations.filter((operation) => before.get(operation.id) !== operation.success);
    expect(
      differing.map((o) => o.id),
      'the two readings should differ somewhere',
    ).not.toEqual([]);

    const collection = await generateCollection(semantic.file, operations, work.dir);
    const mock = await startMock(DEFAULT);
    servers.push(mock);
    const run = await runCollection(collection, semantic.document, mock.url, work.dir);
    const failed = run.failures.map((failure) => failure.error.test ?? failure.error.message);
    console.log(
      `newman (semantic collection, all-200 mock): ${run.stats.assertions.total - run.stats.assertions.failed} passed, ${run.stats.assertions.failed} failed`,
    );
    expect(failed.sort(), 'failing assertions (semantic document, default mock)').toEqual(
      differing.map(statusTest).sort(),
    );
  });
});

describe('the unresolved spec', () => {
  it('makes Prism answer 500 to requests the resolved document mocks', async () => {
    const prism = await startPrism(SPEC_FILE);
    servers.push(prism);
    const probes = await probe(defaults.document, operationsOf(defaults.document), prism.url, work.clip);
    const errors = probes.filter((p) => p.status === 500);
    console.log(`prism (unresolved spec): ${errors.length} of ${probes.length} answers were 500`);
    expect(
      errors.length,
      `no 500 from Prism on spec/openapi.yaml:\n${probes.map(describeProbe).join('\n')}`,
    ).toBeGreaterThan(0);
  });

  it('makes Portman generate no contract test (its success keys are 2XX ranges)', async () => {
    const file = await generateCollection(SPEC_FILE, [], work.dir);
    const collection = JSON.parse(readFileSync(file, 'utf8')) as Collection;
    const requests = requestsOf(collection);
    const tests = requests.reduce((sum, request) => sum + testCount(request), 0);
    console.log(`portman (unresolved spec): ${requests.length} requests, ${tests} tests`);
    expect(requests.length, 'requests generated from the unresolved spec').toBeGreaterThan(0);
    expect(tests, 'tests generated from the unresolved spec').toBe(0);
  });

  it('leaves no server running', async () => {
    await Promise.all(servers.map((server) => server.stop()));
    const alive = servers.filter((server) => server.alive()).map((server) => server.url);
    expect(alive, 'servers whose process group is still alive').toEqual([]);
  });
});
