/**
 * The contract suite against Prism's stateless mock of the honest spec (issue #15's acceptance): the
 * round-trip checks fail, since Prism echoes the spec's example instead of what was written, and the
 * run goes to its end; no unknown is observed from one of Prism's 500 answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { contractOnStub } from '../src/contract-on-stub.js';
import { startPrism } from '../src/prism.js';
import { SPEC_FILE } from '../src/resolved.js';
import type { ServerProcess } from '../src/server-process.js';

let prism: ServerProcess | undefined;
afterAll(async () => {
  await prism?.stop();
});

describe('the contract suite against Prism of spec/openapi.yaml', () => {
  it('fails the five round-trip checks, observes nothing from a 500, and runs to the end', async () => {
    prism = await startPrism(SPEC_FILE);
    const url = prism.url;
    const report = await contractOnStub(url);
    const roundTrips = report.checks.filter((check) =>
      / round-trips through update and get$/.test(check.name),
    );
    console.log(
      `contract on Prism: ${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.skipped} skipped`,
    );
    expect(
      roundTrips.map((check) => check.verdict),
      JSON.stringify(roundTrips, null, 1),
    ).toEqual(Array(5).fill('fail'));
    expect(report.stoppedEarly, JSON.stringify(report.stoppedEarly)).toBeUndefined();
    const fromErrors = report.observations.filter(
      (o) => o.verdict === 'observed' && / → 5\d\d /.test(o.evidence),
    );
    expect(fromErrors, 'observations drawn from 5xx answers').toEqual([]);
    const heldBack = report.observations.filter(
      (o) => o.verdict === 'not-observed' && /answered 5xx/.test(o.evidence),
    );
    expect(heldBack.length, 'unknowns left unobserved because Prism answered 500').toBeGreaterThan(0);
  });
});
