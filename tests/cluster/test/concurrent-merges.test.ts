/**
 * 150 concurrent merges of distinct fields into one video through nginx, spread over three
 * instances on one database: all 150 are kept (no lost update), and every instance, asked
 * directly, reads the same record. A property over the field names and values (few runs: each is
 * 150 requests).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVideos, getVideo, putFields } from '../src/api.js';
import { clusterPerFile } from '../src/cluster-per-file.js';

const MERGES = 150;

const cluster = clusterPerFile('cluster_merges', ['--processing-ms', '0']);

/** Text PostgreSQL's jsonb can hold: no NUL (a lone surrogate cannot occur in `grapheme` units). */
const text = (maxLength: number) =>
  fc.string({ unit: 'grapheme', maxLength }).filter((value) => !value.includes('\u0000'));

/** A value of one of the document's five forms. */
const value = fc.oneof(
  text(40),
  fc.integer(),
  fc.boolean(),
  fc
    .date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2999-12-31') })
    .map((date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')),
  fc.array(text(12), { maxLength: 4 }),
);

/** A field name: any text but `__proto__`, which the mock refuses by design (400). */
const name = text(30).filter((n) => n !== '' && n !== '__proto__');

const fields = fc.uniqueArray(fc.tuple(name, value), {
  minLength: MERGES,
  maxLength: MERGES,
  selector: ([name]) => name,
});

/** A record with its playback URL's origin left out (each instance names the host it was asked at). */
function sameOrigin(record: unknown) {
  const copy = structuredClone(record) as { primaryPlaybackUrl?: { hls?: { url?: string } } };
  const hls = copy.primaryPlaybackUrl?.hls;
  if (hls?.url) hls.url = new URL(hls.url).pathname;
  return copy;
}

describe('150 concurrent merges over three instances', () => {
  it('keeps every field, and every instance reads the same record', async () => {
    const rates: number[] = [];
    await fc.assert(
      fc.asyncProperty(fields, async (pairs) => {
        const created = await createVideos(cluster().url, ['merged']);
        expect(created.status).toBe(200);
        const key = (created.body[0] as { key: string }).key;
        const began = performance.now();
        const answers = await Promise.all(
          pairs.map(([field, v]) => putFields(cluster().url, key, { [field]: v })),
        );
        rates.push(MERGES / ((performance.now() - began) / 1000));
        expect(answers.map((answer) => answer.status)).toEqual(Array(MERGES).fill(200));
        expect(
          new Set(answers.map((answer) => answer.upstream)).size,
          'merges spread over the instances',
        ).toBe(3);
        const expected = Object.fromEntries(pairs);
        const reads = await Promise.all(cluster().instances.map((instance) => getVideo(instance.url, key)));
        for (const [i, read] of reads.entries()) {
          const who = cluster().instances[i]?.upstream;
          expect(read.status, who).toBe(200);
          expect(Object.keys(read.body.simpleCustomFields).length, who).toBe(MERGES);
          expect(read.body.simpleCustomFields, who).toEqual(expected);
          expect(sameOrigin(read.body), `${who} reads what the first instance reads`).toEqual(
            sameOrigin(reads[0]?.body),
          );
        }
      }),
      { numRuns: 3, seed: 20261129, endOnFailure: true },
    );
    console.log(
      `merge throughput through nginx: ${rates.map((rate) => rate.toFixed(0)).join(', ')} merges/s`,
    );
  });
});
