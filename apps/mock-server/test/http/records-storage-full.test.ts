import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { webPlatform } from '../../src/platform.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { VideoStore } from '../../src/state/video-store.js';

const AUTH = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };

/** A storage error as better-sqlite3 and node:fs throw it: an Error with a string `code`. */
function storageError(name: string, code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { name, code });
}

const FULL_ERRORS = [
  storageError('SqliteError', 'SQLITE_FULL', 'database or disk is full'),
  storageError('Error', 'ENOSPC', 'ENOSPC: no space left on device, write'),
  storageError('Error', 'EDQUOT', 'EDQUOT: disk quota exceeded, write'),
];

/** A memory store whose writes throw `failure()` while it returns an error. */
function failingStore(failure: () => Error | undefined): VideoStore {
  const store = createMemoryStore();
  const guard =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const error = failure();
      if (error) throw error;
      return write(...args);
    };
  return { ...store, update: guard(store.update), putMany: guard(store.putMany) };
}

function mockWithFailingWrites() {
  let error: Error | undefined;
  const lines: Record<string, unknown>[] = [];
  const app = createApp(
    { logLevel: 'error', logger: (line) => lines.push(JSON.parse(line)) },
    { ...webPlatform(), openStore: () => failingStore(() => error) },
  );
  return { app, lines, fail: (next: Error | undefined) => (error = next) };
}

const create = (title: string) =>
  ({
    method: 'POST',
    headers: AUTH,
    body: JSON.stringify({ projectKey: 'p', videos: [{ title }] }),
  }) as const;

describe.each(FULL_ERRORS)('a record write that fails with $code', (full) => {
  it('is answered 507 in the chosen error shape, logged at error, and nothing acknowledged is lost', async () => {
    const { app, lines, fail } = mockWithFailingWrites();
    const first = await app.request('/api/v1/videos', create('kept'));
    expect(first.status).toBeLessThan(300);
    const [{ key }] = (await first.json()) as [{ key: string }];
    fail(full);
    const refused = [
      await app.request('/api/v1/videos', create('refused')),
      await app.request(`/api/v1/videos/${key}/custom-fields`, {
        method: 'PUT',
        headers: AUTH,
        body: JSON.stringify({ simpleCustomFields: { a: 'b' } }),
      }),
      await app.request('/__mock/seed', {
        method: 'POST',
        headers: AUTH,
        body: JSON.stringify({ videos: [{ title: 's' }] }),
      }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(507);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      const body = (await answer.json()) as { status: number; detail: string };
      expect(body.status).toBe(507);
      expect(body.detail).toMatch(
        /^No space left on the device that holds the mock's records; nothing was stored/,
      );
    }
    expect(lines.filter((line) => line.level === 'error' && line.code === full.code)).toHaveLength(3);
    const kept = await app.request(`/api/v1/videos/${key}`, { headers: AUTH });
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain('kept');
    fail(undefined);
    expect((await app.request('/api/v1/videos', create('after'))).status).toBeLessThan(300);
    await app.mock.close();
  });
});

describe('a record write that fails otherwise', () => {
  it('stays a 500 that names no cause, logged as unhandled', async () => {
    const { app, lines, fail } = mockWithFailingWrites();
    fail(storageError('SqliteError', 'SQLITE_CONSTRAINT', 'constraint failed'));
    const answer = await app.request('/api/v1/videos', create('x'));
    expect(answer.status).toBe(500);
    expect(await answer.text()).not.toContain('constraint');
    expect(lines.some((line) => line.level === 'error' && line.msg === 'unhandled error')).toBe(true);
    await app.mock.close();
  });
});
