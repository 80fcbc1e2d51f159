/**
 * kill -9 of one of three instances while creates and merges go on through nginx: every write
 * acknowledged (2xx) before, during or after the kill is read back from each surviving instance
 * directly, and no video key was given twice. POSTs cut by the kill may answer 502 (nginx does not
 * retry a non-idempotent request): only acknowledged writes count.
 */
import { describe, expect, it } from 'vitest';
import { createVideos, getVideo, sleep } from '../src/api.js';
import { clusterPerFile } from '../src/cluster-per-file.js';
import { type Instance, killNine } from '../src/instance.js';
import { startLoad } from '../src/load.js';

const cluster = clusterPerFile('cluster_kill', ['--processing-ms', '0']);

describe('kill -9 of one instance under load', () => {
  it('loses no acknowledged write and gives no key twice', async () => {
    const seeded = await createVideos(cluster().url, ['m1', 'm2', 'm3', 'm4'], 'load');
    expect(seeded.status).toBe(200);
    const videos = seeded.body.map((video) => video.key);
    const [victim, ...survivors] = cluster().instances as [Instance, ...Instance[]];

    const load = startLoad(cluster().url, videos, 6);
    await sleep(1500);
    const before = load.acknowledged.created.length + load.acknowledged.merged.length;
    await killNine(victim);
    const killedAt = performance.now();
    await sleep(2500);
    const acknowledged = await load.stop();
    const after = acknowledged.created.length + acknowledged.merged.length - before;

    const byVictim = [...acknowledged.created, ...acknowledged.merged].filter(
      (write) => write.upstream === victim.upstream,
    ).length;
    console.log(
      `kill -9: ${before} writes acknowledged before, ${after} after (${byVictim} by the killed instance); ` +
        `not acknowledged: ${JSON.stringify(Object.fromEntries(acknowledged.refused))}`,
    );
    expect(byVictim, 'the killed instance served writes before it died').toBeGreaterThan(0);
    expect(after, 'the survivors kept acknowledging writes after the kill').toBeGreaterThan(0);
    expect(victim.alive()).toBe(false);

    const keys = acknowledged.created.map((created) => created.key).concat(videos);
    expect(new Set(keys).size, 'every key given once').toBe(keys.length);

    const expected = new Map<string, Record<string, number>>();
    for (const { key, name, value } of acknowledged.merged) {
      expected.set(key, { ...expected.get(key), [name]: value });
    }
    for (const survivor of survivors) {
      for (const { key } of acknowledged.created) {
        const read = await getVideo(survivor.url, key);
        expect(read.status, `${key} on ${survivor.upstream}`).toBe(200);
      }
      for (const [key, fields] of expected) {
        const read = await getVideo(survivor.url, key);
        expect(read.status).toBe(200);
        expect(read.body.simpleCustomFields, `${key} on ${survivor.upstream}`).toMatchObject(fields);
      }
    }
    // through nginx too, once it has marked the dead instance down
    const through = await getVideo(cluster().url, videos[0] as string);
    expect(through.status).toBe(200);
    console.log(`checked ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
  });
});
