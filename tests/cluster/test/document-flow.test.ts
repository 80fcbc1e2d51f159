/**
 * The document's flow through nginx over three instances on one database, each step answered by
 * another instance than the step before (X-Upstream): create two videos, upload a source to each,
 * wait for ready (real time, the default 2 s of processing), write custom fields of the five value
 * forms, read them back through the balancer and from every instance directly.
 */
import { describe, expect, it } from 'vitest';
import { type Answer, createVideos, getVideo, putFields, sleep, uploadSource } from '../src/api.js';
import { clusterPerFile } from '../src/cluster-per-file.js';

const cluster = clusterPerFile('cluster_flow');

/** One value of each form the document lists (part 2). */
const FIELDS = {
  note: 'free text, with ünïcödé and "quotes"',
  counter: 42,
  flag: true,
  publishedAt: '2026-11-29T03:04:05Z',
  labels: ['one', 'two', 'three'],
};

describe('three instances behind nginx: the document flow', () => {
  it('serves each step on another instance, and every instance reads the same video', async () => {
    console.log(`three instances listening ${cluster().startMs.toFixed(0)} ms after the first spawn`);
    const steps: Array<{ step: string; answer: Answer }> = [];
    const step = async <T>(name: string, request: Promise<Answer<T>>) => {
      const answer = await request;
      steps.push({ step: name, answer });
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer;
    };
    const created = await step('create', createVideos(cluster().url, ['first', 'second']));
    const keys = created.body.map((video) => video.key);
    expect(new Set(keys).size).toBe(2);
    const source = new Uint8Array(4096).map((_, i) => (i * 31) % 256);
    for (const key of keys) await step(`upload ${key}`, uploadSource(cluster().url, key, source));

    // the phase follows from stored times: once one instance says ready, the others say so too
    const deadline = Date.now() + 20_000;
    const readyOn = new Set<string>();
    while (readyOn.size < 3) {
      expect(Date.now(), 'all three instances say ready').toBeLessThan(deadline);
      const [key] = keys as [string];
      const answer = await step(`get ${key}`, getVideo(cluster().url, key));
      if (answer.body.status === 'ready') readyOn.add(answer.upstream);
      else
        expect(readyOn.size, `${answer.upstream} says ${answer.body.status} after another said ready`).toBe(
          0,
        );
      if (readyOn.size === 0) await sleep(250);
    }
    for (const key of keys) {
      await step(`put ${key}`, putFields(cluster().url, key, FIELDS));
      const read = await step(`get ${key}`, getVideo(cluster().url, key));
      expect(read.body.simpleCustomFields).toEqual(FIELDS);
      expect(read.body.status).toBe('ready');
    }

    const upstreams = steps.map((s) => s.answer.upstream);
    const instances = cluster().instances.map((instance) => instance.upstream);
    expect(new Set(upstreams)).toEqual(new Set(instances));
    for (let i = 1; i < steps.length; i++) {
      expect(upstreams[i], `${steps[i]?.step} on another instance than ${steps[i - 1]?.step}`).not.toBe(
        upstreams[i - 1],
      );
    }
    for (const instance of cluster().instances) {
      for (const key of keys) {
        const direct = await getVideo(instance.url, key);
        expect(direct.status, instance.upstream).toBe(200);
        expect(direct.body.simpleCustomFields, instance.upstream).toEqual(FIELDS);
        expect(direct.body.status, instance.upstream).toBe('ready');
      }
    }
    console.log(
      `flow: ${steps.length} steps on ${steps.map((s) => s.answer.upstream.split(':')[1]).join(' → ')}`,
    );
  });
});
