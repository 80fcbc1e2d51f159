/** processesMentioning: finds a live process by a text of its command line, and not once it ended. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processesMentioning } from '../src/index.js';

describe('processesMentioning', () => {
  it('lists a running process whose command line mentions the text, and not after it ended', async () => {
    const marker = `marker-${process.pid}-${Date.now()}`;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', marker], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    expect(processesMentioning([marker])).toEqual([
      expect.stringMatching(new RegExp(`^${child.pid} .*${marker}$`)),
    ]);
    expect(processesMentioning([`${marker}-absent`])).toEqual([]);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    expect(processesMentioning([marker])).toEqual([]);
  });
});
