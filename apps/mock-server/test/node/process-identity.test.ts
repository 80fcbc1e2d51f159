/** The owner of a lock or a temporary folder: its pid, start time and host, and whether it still runs. */
import { type ChildProcess, spawn } from 'node:child_process';
import { hostname } from 'node:os';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentProcess,
  formatIdentity,
  isAlive,
  type ProcessIdentity,
  parseIdentity,
  procStat,
} from '../../src/node/process/process-identity.js';
import { deadPid } from './process-fixtures.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('an owner', () => {
  it('names this process by pid, start time and host', () => {
    const me = currentProcess();
    expect(me).toEqual({ pid: process.pid, start: procStat(process.pid)?.start, host: hostname() });
    expect(me.start).toBeGreaterThan(0);
    expect(procStat(process.pid)?.ppid).toBe(process.ppid);
  });

  it('is alive while its process runs, and dead once it has exited', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    children.push(child);
    const owner: ProcessIdentity = { pid: child.pid as number, host: hostname() };
    const start = procStat(owner.pid)?.start;
    expect(isAlive({ ...owner, ...(start !== undefined && { start }) })).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(isAlive(owner)).toBe(false);
  });

  it.each<[string, () => ProcessIdentity, boolean]>([
    ['a pid no process has', () => ({ pid: deadPid(), host: hostname() }), false],
    [
      'a pid since taken by a process that started at another time',
      () => ({ ...currentProcess(), start: 1 }),
      false,
    ],
    ['a pid without start time (an earlier lock) that a process has', () => ({ pid: process.pid }), true],
    ['a process of another host, whatever its pid', () => ({ pid: deadPid(), host: 'elsewhere' }), true],
  ])('with %s: alive is %s', (_case, owner, alive) => {
    expect(isAlive(owner())).toBe(alive);
  });

  it('of another host is judged by its pid when asked (a data dir lock)', () => {
    expect(isAlive({ pid: deadPid(), host: 'elsewhere' }, { judgeOtherHosts: true })).toBe(false);
  });
});

describe('the owner file', () => {
  const identity = fc.record(
    {
      pid: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      start: fc.nat(),
      host: fc.string(),
    },
    { requiredKeys: ['pid'] },
  );

  it('reads back what was written', () => {
    fc.assert(
      fc.property(identity, (owner) => {
        expect(parseIdentity(formatIdentity(owner))).toEqual(owner);
      }),
    );
  });

  it('reads anything else as no owner, never as a pid of 0 or below (kill(0) signals a group)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.integer().map(String)), (text) => {
        const owner = parseIdentity(text);
        if (owner !== undefined) expect(owner.pid).toBeGreaterThan(0);
      }),
    );
    for (const text of ['', '0', '-1', '{"pid":-3}', '{"pid":1.5}', '{"pid":4,"host":7}', 'null', '[1]']) {
      expect(parseIdentity(text), text).toBeUndefined();
    }
  });

  it('reads a bare pid (the lock of an earlier version) as an owner without start time', () => {
    expect(parseIdentity('1234\n')).toEqual({ pid: 1234 });
  });
});
