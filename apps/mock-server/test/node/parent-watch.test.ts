/** What the mock's command watches to notice that the process which started it is gone. */
import { describe, expect, it } from 'vitest';
import { currentLineage, goneFrom, watchParent } from '../../src/node/process/parent-watch.js';
import { procStat } from '../../src/node/process/process-identity.js';
import { deadPid } from './process-fixtures.js';

describe('the parent watch', () => {
  it('sees this process lineage as it is: nothing gone', () => {
    const lineage = currentLineage();
    expect(lineage.parent).toBe(process.ppid);
    expect(goneFrom(lineage)).toBeUndefined();
  });

  it('names the parent when the parent pid changed (the mock was reparented)', () => {
    const parent = deadPid();
    expect(goneFrom({ parent })).toBe(parent);
  });

  it("names the wrapper's parent when the wrapper was reparented (npm killed, its `sh -c` left)", () => {
    const wrapperParent = procStat(process.ppid)?.ppid as number;
    expect(goneFrom({ parent: process.ppid, grandparent: wrapperParent })).toBeUndefined();
    const gone = deadPid();
    expect(goneFrom({ parent: process.ppid, grandparent: gone })).toBe(gone);
  });

  it('calls nothing while the parent is there, and stops when asked', async () => {
    const calls: number[] = [];
    const stop = watchParent((pid) => calls.push(pid), 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(calls).toEqual([]);
  });
});
