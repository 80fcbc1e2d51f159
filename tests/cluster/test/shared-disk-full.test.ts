/**
 * A full disk under the shared folder: two instances on one database with `--data-dir` on a small
 * tmpfs (mounted here, unmounted in `finally`; mounting needs root, which CI is: elsewhere this
 * test fails and says why). An upload larger than the free space through one instance is 507
 * (problem+json, `X-Mock-Error: insufficient-storage`, the detail naming the full device), leaves
 * no partial file, and the video stays `created` (never `uploading`) on both; the other instance
 * serves on, what was acknowledged before is all there, and once space is freed uploads fit again.
 */
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, mountTmpfs, type TestDatabase, type Tmpfs } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { createVideos, getVideo, putFields, uploadSource } from '../src/api.js';
import { type Instance, startInstance } from '../src/instance.js';

const MiB = 1024 * 1024;

/** Every file under `dir` but the filler, with its size (what the mock keeps there). */
function filesIn(dir: string): Record<string, number> {
  const files: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(join(dir, name));
    if (stat.isFile() && name !== 'filler') files[name] = stat.size;
  }
  return files;
}

const statusOn = async (instance: Instance, key: string) => (await getVideo(instance.url, key)).body.status;

describe('a full disk under the shared folder of two instances', { timeout: 180_000 }, () => {
  it('answers 507 on the one that took the upload, keeps the video created on both, loses nothing, and takes uploads once space is free', async () => {
    let disk: Tmpfs | undefined;
    let db: TestDatabase | undefined;
    const instances: Instance[] = [];
    try {
      disk = mountTmpfs(8 * MiB);
      db = await createTestDatabase('cluster_disk_full');
      const dataDir = disk.dir;
      // `detailed`: the reading whose words tell `uploading` from `created` (§3).
      const args = ['--reading', 'video-states=detailed'];
      for (const _ of [0, 1]) instances.push(await startInstance({ databaseUrl: db.url, dataDir, args }));
      const [a, b] = instances as [Instance, Instance];

      // Acknowledged before the disk fills: a video with a source and a field, another without.
      const created = await createVideos(a.url, ['kept', 'big', 'fits', 'small']);
      expect(created.status).toBe(200);
      const [kept, big, fits, small] = created.body.map((video) => video.key) as [
        string,
        string,
        string,
        string,
      ];
      expect((await uploadSource(b.url, kept, new Uint8Array(512 * 1024).fill(1))).status).toBe(200);
      expect((await putFields(a.url, kept, { note: 'before the disk filled' })).status).toBe(200);
      const before = filesIn(dataDir);
      expect(Object.values(before)).toContain(512 * 1024);

      // Something else takes most of the disk: 6 MiB of 8; the 4 MiB upload does not fit.
      writeFileSync(join(dataDir, 'filler'), new Uint8Array(6 * MiB));
      const full = await uploadSource(a.url, big, new Uint8Array(4 * MiB).fill(2));
      expect(full.status).toBe(507);
      expect(full.headers.get('x-mock-error')).toBe('insufficient-storage');
      expect(full.headers.get('content-type')).toContain('application/problem+json');
      expect((full.body as unknown as { detail: string }).detail).toMatch(
        /^No space left on the device that holds the mock's uploads; nothing was stored/,
      );
      expect(a.output()).toMatch(/"level":"error".*"code":"ENOSPC"/);
      expect(filesIn(dataDir)).toEqual(before); // no partial file, nothing acknowledged gone
      for (const instance of [a, b]) expect(await statusOn(instance, big)).toBe('created');

      // The other instance serves on, with everything acknowledged; writes of records (in the
      // database) and an upload that fits in what is left are taken while the folder is full.
      const read = await getVideo(b.url, kept);
      expect(read.status).toBe(200);
      expect(read.body.simpleCustomFields).toEqual({ note: 'before the disk filled' });
      expect(read.body.status).not.toBe('created');
      expect((await putFields(b.url, big, { tried: 'while full' })).status).toBe(200);
      expect((await uploadSource(b.url, fits, new Uint8Array(64 * 1024).fill(4))).status).toBe(200);
      expect((await getVideo(a.url, big)).body.simpleCustomFields).toEqual({ tried: 'while full' });

      // Space freed: small and large uploads fit, through either instance, seen by both.
      rmSync(join(dataDir, 'filler'));
      expect((await uploadSource(b.url, small, new Uint8Array(64 * 1024).fill(3))).status).toBe(200);
      expect((await uploadSource(a.url, big, new Uint8Array(4 * MiB).fill(2))).status).toBe(200);
      for (const instance of [a, b]) {
        expect(await statusOn(instance, fits)).not.toMatch(/^(created|uploading)$/);
        expect(await statusOn(instance, small)).not.toMatch(/^(created|uploading)$/);
        expect(await statusOn(instance, big)).not.toMatch(/^(created|uploading)$/);
      }
      const after = Object.values(filesIn(dataDir));
      expect(after).toEqual(expect.arrayContaining([512 * 1024, 64 * 1024, 4 * MiB]));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await db?.drop();
      disk?.unmount();
    }
  });
});
