/** Selection (`only` / `skip` by id, section or tag) over the catalogue, and the catalogue against what a run records. */
import { describe, expect, it } from 'vitest';
import { CHECKS, checkId, PROBES } from '../src/support/catalogue.js';
import { runAgainstMock } from './helpers.js';

describe('the catalogue of checks', () => {
  it('names exactly the checks a full run records', async () => {
    const report = await runAgainstMock();
    expect(report.checks.map((c) => checkId(c.name)).sort()).toEqual(CHECKS.map((c) => c.id).sort());
    expect(report.observations.map((o) => o.id).sort()).toEqual(PROBES.map((p) => p.id).sort());
  });
});

describe('only and skip', () => {
  it('--only round-trip runs the round-trip checks and the setup they need; the rest is skipped by choice', async () => {
    const report = await runAgainstMock({}, undefined, { only: ['round-trip'] });
    const ran = report.checks.filter((c) => c.verdict !== 'skipped').map((c) => checkId(c.name));
    // The client's typed round-trip needs the client's own create, which --only round-trip leaves out.
    const expected = CHECKS.filter(
      (c) => (c.tags.includes('round-trip') && !c.tags.includes('client')) || c.tags.includes('setup'),
    ).map((c) => c.id);
    expect(ran.sort()).toEqual(expected.sort());
    expect(report.summary.failed).toBe(0);
    expect(report.scope?.skippedByChoice).toContain('rate-limits');
    expect(report.checks.find((c) => c.verdict === 'skipped')?.detail).toBe(
      'skipped by choice (--only round-trip)',
    );
  });

  it('--skip §4.2 leaves out the upload refusals but never the setup upload', async () => {
    const report = await runAgainstMock({}, undefined, { skip: ['§4.2'] });
    const upload = report.checks.find(
      (c) => c.name === 'upload accepts a multipart form with the file field',
    );
    expect(upload?.verdict).toBe('pass');
    const refusal = report.checks.find((c) => c.name.startsWith('an upload without the required file field'));
    expect(refusal).toMatchObject({ verdict: 'skipped', detail: 'skipped by choice (--skip §4.2)' });
  });
});
