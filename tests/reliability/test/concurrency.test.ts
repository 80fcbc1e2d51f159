import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, seededRandom } from '@video-api/mock-server/node';
import { afterAll, describe, expect, it } from 'vitest';
import { fileForm, JSON_AUTH, paths, TOKEN } from '../src/support/http.js';
import { listenDuringSuite } from './listen-during-suite.js';

// Parallel clients over real sockets: nothing they write may be lost or mixed up.
const dataDir = mkdtempSync(join(tmpdir(), 'reliability-concurrency-'));
const stores = [
  ['in memory', () => createApp()],
  ['in a data dir', () => createApp({ dataDir: join(dataDir, 'store-test') })],
] as const;
const sha = (bytes: Uint8Array | Buffer) => createHash('sha256').update(bytes).digest('hex');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(stores)('a mock with its state %s', (_name, make) => {
  const app = make();
  const server = listenDuringSuite(app);

  it('keeps every field of 200 parallel PUTs with disjoint names under the merge reading (§4.4)', async () => {
    const [key = ''] = await app.mock.seed([{ title: 'shared', simpleCustomFields: { before: true } }]);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${server.url}${paths.fields(key)}`, {
          method: 'PUT',
          headers: { ...JSON_AUTH, 'x-mock-reading': 'custom-fields-omitted=merge' },
          body: JSON.stringify({ simpleCustomFields: { [`field-${i}`]: i, [`tags-${i}`]: [`t${i}`] } }),
        }).then(async (response) => [response.status, await response.json()] as const),
      ),
    );
    expect(responses.map(([status]) => status)).toEqual(Array(200).fill(200));
    const got = await fetch(`${server.url}${paths.get(key)}`, { headers: JSON_AUTH });
    const fields = ((await got.json()) as { simpleCustomFields: Record<string, unknown> }).simpleCustomFields;
    const expected: Record<string, unknown> = { before: true };
    for (let i = 0; i < 200; i++) Object.assign(expected, { [`field-${i}`]: i, [`tags-${i}`]: [`t${i}`] });
    expect(fields).toEqual(expected);
  });

  it('gives unique keys to 100 parallel creates of 3 videos each', async () => {
    const batches = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${server.url}${paths.create}`, {
          method: 'POST',
          headers: JSON_AUTH,
          body: JSON.stringify({ projectKey: 'p', videos: [0, 1, 2].map((j) => ({ title: `c${i}-${j}` })) }),
        }).then((response) => response.json() as Promise<{ key: string; title: string }[]>),
      ),
    );
    const keys = batches.flat().map((video) => video.key);
    expect(keys).toHaveLength(300);
    expect(new Set(keys).size).toBe(300);
    // Each key reads back the video its create named.
    for (const [i, batch] of batches.entries()) {
      expect(batch.map((video) => video.title)).toEqual([0, 1, 2].map((j) => `c${i}-${j}`));
    }
    const sample = batches[57]?.[1];
    const got = await fetch(`${server.url}${paths.get(sample?.key ?? '')}`, { headers: JSON_AUTH });
    expect(((await got.json()) as { title?: string }).title).toBe(sample?.title);
  });
});

describe('parallel uploads to different keys', () => {
  const app = createApp({ dataDir: join(dataDir, 'uploads-test') });
  const server = listenDuringSuite(app);

  it('store each of 24 files intact (checksums compared)', async () => {
    const keys = await app.mock.seed(Array.from({ length: 24 }, (_, i) => ({ title: `u${i}` })));
    const next = seededRandom(9);
    const files = keys.map((_, i) =>
      Buffer.from(Array.from({ length: 64 * 1024 + i * 1021 }, () => Math.floor(next() * 256))),
    );
    const statuses = await Promise.all(
      keys.map((key, i) =>
        fetch(`${server.url}${paths.upload(key)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}` },
          body: fileForm(new Uint8Array(files[i] ?? Buffer.alloc(0)), `u${i}.mp4`),
        }).then(async (response) => {
          await response.text();
          return response.status;
        }),
      ),
    );
    expect(statuses).toEqual(Array(24).fill(200));
    for (const [i, key] of keys.entries()) {
      const stored = readFileSync((await app.mock.sourceOf(key))?.file ?? '');
      expect(sha(stored), key).toBe(sha(files[i] ?? Buffer.alloc(0)));
    }
  });
});
