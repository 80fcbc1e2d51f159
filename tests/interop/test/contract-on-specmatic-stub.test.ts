/**
 * The contract suite against Specmatic's stub of the resolved document of the default readings
 * (issue 26, item 4): the stub is stateless and generates every value from the schemas, so the
 * suite fails what it states (one element per requested video, an HLS address that is a URL: the
 * stub's `hls.url` is Specmatic's string for `format: uri` beside a `pattern`, not a URL) and runs
 * to its end, every check with a verdict (those that need a created video skipped, saying why) and
 * every long value capped in the report.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { contractOnStub } from '../src/contract-on-stub.js';
import { READING_SETS, resolveDocument } from '../src/resolved.js';
import { type Scratch, scratch } from '../src/scratch.js';
import type { ServerProcess } from '../src/server-process.js';
import { startSpecmaticStub } from '../src/specmatic.js';

let work: Scratch | undefined;
let stub: ServerProcess | undefined;
afterAll(async () => {
  await stub?.stop();
  work?.remove();
});

describe('the contract suite against Specmatic 2.55 stub of the resolved document', () => {
  it('runs to its end, failing the stub where it is not the API', async () => {
    work = scratch();
    const defaults = READING_SETS.find((set) => set.name === 'default');
    const resolved = await resolveDocument(defaults ?? { name: 'default', readings: {} }, work.dir);
    stub = await startSpecmaticStub(resolved.file, work.dir);
    const url = stub.url;
    const report = await contractOnStub(url);
    const { passed, failed, skipped } = report.summary;
    console.log(`contract on the Specmatic stub: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    // The chain stops where create gives no usable video (the stub's one element for three asked,
    // its non-URL hls.url): every check after it is skipped with that reason, none is missing, and
    // nothing stopped the run for a connection, a timeout or an error of the suite.
    expect(['unreachable', 'no-answer', 'error']).not.toContain(report.stoppedEarly?.cause);
    expect(passed + failed + skipped).toBe(report.checks.length);
    const verdict = (name: string) => report.checks.find((check) => check.name === name)?.verdict;
    expect(verdict('create answers 2XX')).toBe('pass');
    expect(verdict('the HLS address is a URL with the video key in its path')).toBe('fail');
    const longest = Math.max(...report.checks.map((check) => (check.detail ?? '').length));
    expect(longest, 'the longest detail of a check (values capped)').toBeLessThan(2_000);
  });
});
