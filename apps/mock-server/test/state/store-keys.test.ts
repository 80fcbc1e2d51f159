/** Both stores hand out fresh keys one at a time or in batches, and list videos in insertion order. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../../src/node/sqlite/sqlite-store.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import type { VideoStore } from '../../src/state/video-store.js';
import type { VideoRecord } from '../../src/types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mock-store-'));
  dirs.push(dir);
  return dir;
}

function record(key: string): VideoRecord {
  return {
    key,
    title: key,
    projectKey: 'p',
    owner: undefined,
    customFields: { tags: ['a'] },
    phase: 'created',
    createdAt: 0,
    updatedAt: 0,
    schedule: [],
  };
}

const stores: [name: string, open: () => VideoStore][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => createSqliteStore(tempDir())],
];

describe.each(stores)('%s store keys', (_name, open) => {
  it('numbers keys on across single and batched calls, skipping keys already stored', async () => {
    const store = open();
    await store.putMany([record('v-0002')]);
    expect(await store.nextKeys(1)).toEqual(['v-0001']);
    expect(await store.nextKeys(3)).toEqual(['v-0003', 'v-0004', 'v-0005']);
    expect(await store.nextKeys(0)).toEqual([]);
    expect(await store.nextKeys(1)).toEqual(['v-0006']);
    await store.close();
  });

  it('lists 2 000 videos stored in batches in the order they were first stored', async () => {
    const store = open();
    const keys = [...(await store.nextKeys(1000)), ...(await store.nextKeys(1000))];
    await store.putMany(keys.slice(1000).map(record));
    await store.putMany(keys.slice(0, 1000).map(record));
    await store.update(keys[1500] as string, (video) => ({ ...video, title: 'updated' }));
    const listed = await store.list();
    expect(listed.map((video) => video.key)).toEqual([...keys.slice(1000), ...keys.slice(0, 1000)]);
    expect(listed[500]?.title).toBe('updated');
    await store.close();
  });
});

describe('sqlite store keys', () => {
  it('go on after a reopen, never handing out a key twice', async () => {
    const dir = tempDir();
    const first = createSqliteStore(dir);
    expect(await first.nextKeys(2)).toEqual(['v-0001', 'v-0002']);
    await first.close();
    const second = createSqliteStore(dir);
    expect(await second.nextKeys(2)).toEqual(['v-0003', 'v-0004']);
    await second.close();
  });
});
