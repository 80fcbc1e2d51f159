/**
 * The objects every request makes keep V8's fast layout even when a full collection falls
 * between a process's sixth and seventh request (src/node/settle-shapes.ts): the bare stack
 * loses it, so the check can fail; startServer keeps it.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sourceArgs } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { settleRequestShapes } from '../../src/index.js';

const CHILD = fileURLToPath(new URL('./fixtures/slack-tracking-child.ts', import.meta.url));

async function contextAfterEarlyCollection(mode: 'plain' | 'mock'): Promise<{ contextFast: boolean }> {
  const [conditions = '', ...rest] = sourceArgs(CHILD);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', conditions, ...rest, mode],
    { timeout: 30_000 },
  );
  return JSON.parse(stdout) as { contextFast: boolean };
}

describe('settling the shapes of per-request objects', () => {
  it('a bare Hono app on node:http: a collection after the sixth request leaves every later Context a dictionary', async () => {
    expect(await contextAfterEarlyCollection('plain')).toEqual({ contextFast: false });
  }, 30_000);

  it('startServer settles them first: the same collection leaves Context fast', async () => {
    expect(await contextAfterEarlyCollection('mock')).toEqual({ contextFast: true });
  }, 30_000);

  it('settles once per process: later calls share the first', async () => {
    const first = settleRequestShapes();
    expect(settleRequestShapes()).toBe(first);
    await expect(first).resolves.toBeUndefined();
  });
});
