// Writes of records on a full disk (`--data-dir` on a tmpfs filled on purpose): each is refused 507
// in the chosen error shape and logged at error, nothing acknowledged is lost (a restart reads every
// acknowledged record back), and once space is freed writes work again.
import { rmSync } from 'node:fs';
import { type RunningServer, startServer } from '@video-api/mock-server/node';
import { mountTmpfs, tmpfsUnavailable } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { JSON_AUTH, paths } from '../src/support/http.js';

const unavailable = tmpfsUnavailable();
if (unavailable) console.log(`faults-records-disk-full: skipped, ${unavailable}`);

/** A value big enough that SQLite must grow its write-ahead log to store it (the record guard allows 256 KiB). */
const BIG = 'x'.repeat(64 * 1024);

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: JSON_AUTH, body: JSON.stringify(body) });
const put = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'PUT', headers: JSON_AUTH, body: JSON.stringify(body) });

async function serve(dataDir: string, lines: string[]): Promise<RunningServer> {
  return startServer({
    port: 0,
    dataDir,
    transcode: 'off',
    logLevel: 'error',
    logger: (line) => lines.push(line),
  });
}

describe.skipIf(unavailable !== undefined)('record writes with --data-dir on a full disk', () => {
  it('are answered 507 and logged at error; nothing acknowledged is lost; writes work once space frees', async () => {
    const disk = mountTmpfs(4 * 1024 * 1024);
    const lines: string[] = [];
    let server: RunningServer | undefined;
    try {
      server = await serve(disk.dir, lines);
      const created = await post(server.url, paths.create, {
        projectKey: 'p',
        videos: [{ title: 'before' }],
      });
      expect(created.status).toBeLessThan(300);
      const [{ key }] = (await created.json()) as [{ key: string }];
      const filler = disk.fill();

      const refused = [
        await post(server.url, paths.create, { projectKey: 'p', videos: [{ title: BIG }] }),
        await put(server.url, paths.fields(key), { simpleCustomFields: { big: BIG } }),
        await post(server.url, '/__mock/seed', { videos: [{ title: BIG }] }),
      ];
      for (const answer of refused) {
        const body = (await answer.json()) as { status?: number; detail?: string };
        expect({ status: answer.status, type: answer.headers.get('content-type') }).toEqual({
          status: 507,
          type: expect.stringContaining('application/problem+json'),
        });
        expect(body.detail).toMatch(/^No space left on the device that holds the mock's records/);
      }
      const errors = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((e) => e.level === 'error');
      expect(errors.filter((entry) => entry.msg === 'storage full')).toHaveLength(3);

      rmSync(filler.path);
      const after = await post(server.url, paths.create, { projectKey: 'p', videos: [{ title: 'after' }] });
      expect(after.status).toBeLessThan(300);
      const [{ key: afterKey }] = (await after.json()) as [{ key: string }];
      expect(
        (await put(server.url, paths.fields(key), { simpleCustomFields: { big: BIG } })).status,
      ).toBeLessThan(300);

      await server.close();
      server = await serve(disk.dir, lines);
      const titles = [];
      for (const k of [key, afterKey]) {
        const got = await fetch(`${server.url}${paths.get(k)}`, { headers: JSON_AUTH });
        titles.push(((await got.json()) as { title?: string }).title);
      }
      expect(titles).toEqual(['before', 'after']);
    } finally {
      await server?.close();
      disk.unmount();
    }
  });
});
