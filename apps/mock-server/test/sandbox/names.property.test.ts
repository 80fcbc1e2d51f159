/**
 * Any sandbox name, in the path and in the header: a name of the pattern routes to a fresh
 * sandbox (its first key is v-0001), any other is the mock's own 400, never a 5xx and never a
 * sandbox opened.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/portable.js';
import { SANDBOX_NAME } from '../../src/sandbox/names.js';

const app = createApp({ realTimeClock: false, maxSandboxes: 4 });
afterAll(() => app.mock.close());

const create = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://mock.test${path}/api/v1/videos`, {
    method: 'POST',
    headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 't' }] }),
  });

/** Names of the pattern, and printable text that mostly is not one. */
const names = fc.oneof(
  fc.stringMatching(SANDBOX_NAME),
  fc.string({ unit: fc.constantFrom(...'aZ09_.-/%?#: ~é\t'.split('')), maxLength: 70 }),
  fc.string({ minLength: 65, maxLength: 80, unit: fc.constantFrom('a', 'b', '1') }),
);

async function expectRouted(res: Response, name: string, code: 'sandbox-name' | 'mock-header') {
  expect(res.status).toBeLessThan(500);
  if (SANDBOX_NAME.test(name)) {
    const text = await res.text();
    await app.mock.sandboxes.delete(name);
    expect(res.status, text).toBe(200);
    expect((JSON.parse(text) as { key: string }[])[0]?.key).toBe('v-0001');
  } else {
    expect([res.status, res.headers.get('x-mock-error')]).toEqual([400, code]);
  }
  expect(await app.mock.sandboxes.list()).toEqual([]); // a valid one was deleted, an invalid one never opened
}

describe('sandbox names', () => {
  it('in the path: valid ones route to a fresh sandbox, others get the mock’s own error', async () => {
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        // `.` and `..` are no names, and URLs resolve them away before any server sees them.
        fc.pre(name !== '.' && name !== '..');
        await expectRouted(await create(`/sandboxes/${encodeURIComponent(name)}`), name, 'sandbox-name');
      }),
      { numRuns: 200 },
    );
  });

  it('in X-Mock-Sandbox: the same, as a bad header', async () => {
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        // A header value has no leading or trailing blanks: they are not part of it.
        fc.pre(name === name.trim() && !/[^\x20-\x7e]/.test(name));
        await expectRouted(await create('', { 'x-mock-sandbox': name }), name, 'mock-header');
      }),
      { numRuns: 200 },
    );
  });
});
