/** Redocly's recommended rules find no error in the resolved documents (its JSON report, not the exit code). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, lint } from '../src/redocly.js';
import { READING_SETS, type Resolved, resolveDocument } from '../src/resolved.js';
import { type Scratch, scratch } from '../src/scratch.js';

let work: Scratch;
const resolved = new Map<string, Resolved>();

beforeAll(async () => {
  work = scratch();
  for (const set of READING_SETS) resolved.set(set.name, await resolveDocument(set, work.dir));
});

afterAll(() => work?.remove());

describe('redocly lint --extends recommended on the resolved document', () => {
  it.each(READING_SETS)('of the $name readings reports 0 errors', async ({ name }) => {
    const { file } = resolved.get(name) as Resolved;
    const report = await lint(file, work.dir);
    console.log(
      `redocly (${name} readings): ${report.totals.errors} errors, ${report.totals.warnings} warnings`,
    );
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(report.totals.errors, `Redocly errors in the ${name} document:\n${describeProblems(errors)}`).toBe(
      0,
    );
    expect(report.exitCode, `redocly lint exited ${report.exitCode} on the ${name} document`).toBe(0);
  });
});
