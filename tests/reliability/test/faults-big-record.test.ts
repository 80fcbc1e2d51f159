/**
 * A record at the mock's guards (500 custom fields, 256 KiB) next to a small one, over HTTP, in
 * memory and with a data dir: requests beyond the guards are refused before anything is applied,
 * and both videos keep answering. Timings are the bench's (`scale`), never asserted here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { errorDetail } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { JSON_AUTH, paths, TOKEN } from '../src/support/http.js';
import { listenDuringSuite } from './listen-during-suite.js';

/** 500 fields of 500 characters: about 255,000 bytes, within 256 KiB with the title. */
const FULL = Object.fromEntries(
  Array.from({ length: 500 }, (_, i) => [`field-${i}`, `${i}:`.padEnd(500, 'x')]),
);

/** The attack of issue 22: 40,000 small fields per PUT (642 KB), six times. */
const FLOOD = (round: number) =>
  Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`f${round}-${i}`, 'x']));

for (const store of ['memory', 'data-dir'] as const) {
  describe(`a record at the guards next to a small one (${store})`, async () => {
    const dataDir = store === 'data-dir' ? mkdtempSync(join(tmpdir(), 'reliability-big-record-')) : undefined;
    const app = createApp({ logLevel: 'silent', ...(dataDir && { dataDir }) });
    const [big = '', small = ''] = await app.mock.seed([{ title: 'big' }, { title: 'small' }]);
    const server = listenDuringSuite(app, () => dataDir && rmSync(dataDir, { recursive: true, force: true }));

    const put = (key: string, simpleCustomFields: object) =>
      fetch(`${server.url}${paths.fields(key)}`, {
        method: 'PUT',
        headers: JSON_AUTH,
        body: JSON.stringify({ simpleCustomFields }),
      });
    const get = async (key: string) => {
      const res = await fetch(`${server.url}${paths.get(key)}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { simpleCustomFields: Record<string, unknown> }).simpleCustomFields;
    };

    it('fills one video to its guards in five PUTs', async () => {
      const entries = Object.entries(FULL);
      for (let part = 0; part < 5; part++) {
        const res = await put(big, Object.fromEntries(entries.slice(part * 100, (part + 1) * 100)));
        expect(res.status, await res.clone().text()).toBe(200);
      }
      expect(await get(big)).toEqual(FULL);
    });

    it('refuses the flood of issue 22 PUT by PUT, applying none of it', async () => {
      for (let round = 0; round < 6; round++) {
        const res = await put(small, FLOOD(round));
        expect(res.status).toBe(400);
        expect(errorDetail(await res.json())).toMatch(/40000 custom fields; at most 500/);
      }
      expect(await get(small)).toEqual({});
    });

    it('refuses one field more (400) and one byte too many (413), keeping the record whole', async () => {
      const more = await put(big, { 'field-500': 'one more' });
      expect(more.status).toBe(400);
      expect(errorDetail(await more.json())).toMatch(/501 custom fields/);
      const larger = await put(big, { 'field-0': 'y'.repeat(10_000) });
      expect(larger.status).toBe(413);
      expect(errorDetail(await larger.json())).toMatch(/at most 262144 bytes/);
      expect(await get(big)).toEqual(FULL);
    });

    it('keeps answering the small video while the big one is written and read', async () => {
      const writes = Array.from({ length: 5 }, (_, i) => put(big, { 'field-1': `rewritten ${i}` }));
      const reads = Array.from({ length: 5 }, () => get(big));
      const smallPut = put(small, { note: 'still here' });
      const smallGet = smallPut.then(() => get(small));
      for (const res of await Promise.all(writes)) expect(res.status).toBe(200);
      for (const fields of await Promise.all(reads)) expect(Object.keys(fields)).toHaveLength(500);
      expect((await smallPut).status).toBe(200);
      expect(await smallGet).toEqual({ note: 'still here' });
      expect((await get(big))['field-1']).toMatch(/^rewritten \d$/);
    });
  });
}
