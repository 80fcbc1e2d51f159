/**
 * CONTRIBUTING's worked example "A new reading", as code: after NEW_READING's spec change
 * (`custom-fields-omitted: partial-merge`), the behaviour each flagged table is given, the probe's
 * writes its test asks for, and a script that proves the mock plays the reading and the contract
 * observes it.
 */
import type { Stage } from '../src/recipe.js';

/** The stored fields partial-merge keeps: all but arrays (as a function of the mock and of the probe). */
const KEEP_ALL_BUT_LISTS =
  'Object.fromEntries(Object.entries(stored).filter(([, value]) => !Array.isArray(value)))';

/** Where the type checker leads, then where the probe's test does. */
export const WORKING_READING: Stage[] = [
  {
    why: "the places NEW_READING's spec change flags: each table of the reading's behaviour, and the tests' tables",
    edits: [
      {
        file: 'apps/mock-server/src/api/update-custom-fields.ts',
        find: '  replace: () => NO_FIELDS,\n',
        replace: `  replace: () => NO_FIELDS,\n  'partial-merge': (stored) => ${KEEP_ALL_BUT_LISTS},\n`,
      },
      {
        file: 'packages/contract/src/probes/custom-fields.ts',
        find: '  replace: (_stored, written) => ({ ...written }),\n',
        replace: `  replace: (_stored, written) => ({ ...written }),\n  'partial-merge': (stored, written) => ({ ...${KEEP_ALL_BUT_LISTS}, ...written }),\n`,
      },
      {
        file: 'apps/mock-server/test/readings/effects-records.ts',
        find: `      expect((await json(res)).simpleCustomFields).toEqual({ b: 2 });
    },
  },
  'video-record-fields': {`,
        replace: `      expect((await json(res)).simpleCustomFields).toEqual({ b: 2 });
    },
    'partial-merge': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.put(key, { simpleCustomFields: { a: 1, l: ['x'] } }, init);
      const res = await h.put(key, { simpleCustomFields: { b: 2 } }, init);
      playedIt(res);
      expect((await json(res)).simpleCustomFields).toEqual({ a: 1, b: 2 });
    },
  },
  'video-record-fields': {`,
      },
      {
        file: 'packages/contract/test/signs.test.ts',
        find: "  replace: (fields) => !('views' in fields) && 'views is gone',\n",
        replace:
          "  replace: (fields) => !('views' in fields) && 'views is gone',\n  'partial-merge': (fields) => fields.views === 7 && !('topics' in fields),\n",
      },
      {
        file: 'packages/contract/test/signs.test.ts',
        find: '{ replace: () => true, merge: () => true }',
        replace: "{ replace: () => true, merge: () => true, 'partial-merge': () => true }",
      },
      {
        file: 'packages/contract/test/finding.test.ts',
        find: "{ reading: 'merge' | 'replace' | 'other'; evidence: string }",
        replace: "{ reading: 'merge' | 'replace' | 'partial-merge' | 'other'; evidence: string }",
      },
      {
        file: 'packages/contract/test/finding.test.ts',
        find: "returns.toEqualTypeOf<'merge' | 'replace' | 'other' | undefined>()",
        replace: "returns.toEqualTypeOf<'merge' | 'replace' | 'partial-merge' | 'other' | undefined>()",
      },
    ],
    flags: [],
  },
  {
    why: "the probe's test: its writes must tell partial-merge from merge, so they write a list",
    edits: [
      {
        file: 'packages/contract/src/probes/custom-fields.ts',
        find: "  { note: 'omitted probe', views: 7 },\n",
        replace: "  { note: 'omitted probe', views: 7, topics: ['omitted', 'probe'] },\n",
      },
      {
        file: 'packages/contract/src/probes/custom-fields.ts',
        find: "const OMITTED_NAMES = ['views'];",
        replace: "const OMITTED_NAMES = ['views', 'topics'];",
      },
    ],
    flags: [],
  },
];

/** The contract's test that holds the probe's writes to telling every reading apart. */
export const PROBE_TEST = 'test/omitted-probe.test.ts';

/**
 * Run in the copy's contract package: the mock plays partial-merge when asked (a list is cleared,
 * a number kept), and the contract suite observes each reading of the unknown, the new one too.
 */
export const WORKING_READING_CHECK = `
import assert from 'node:assert/strict';
import { createApp } from '@video-api/mock-server';
import { failures, observation, runAgainstMock } from './test/helpers.ts';

const app = createApp();
const headers = { authorization: 'Bearer mock-token', 'content-type': 'application/json', 'x-mock-reading': 'custom-fields-omitted=partial-merge' };
const [created] = await (await app.request('/api/v1/videos', { method: 'POST', headers, body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 'a' }] }) })).json();
const put = (fields: object) => app.request('/api/v1/videos/' + created.key + '/custom-fields', { method: 'PUT', headers, body: JSON.stringify({ simpleCustomFields: fields }) });
await put({ n: 1, l: ['x'] });
const answer = await put({ s: 'y' });
assert.equal(answer.headers.get('x-mock-readings')?.includes('custom-fields-omitted=partial-merge'), true);
assert.deepEqual((await answer.json()).simpleCustomFields, { n: 1, s: 'y' });
await app.mock.close();

const seen: Record<string, unknown> = {};
for (const reading of ['merge', 'replace', 'partial-merge']) {
  const report = await runAgainstMock({ 'custom-fields-omitted': reading });
  assert.deepEqual(failures(report), []);
  seen[reading] = observation(report, 'custom-fields-omitted');
  assert.equal((seen[reading] as { reading?: string }).reading, reading, JSON.stringify(seen[reading]));
}
console.log(JSON.stringify({ observed: Object.keys(seen) }));
`;
