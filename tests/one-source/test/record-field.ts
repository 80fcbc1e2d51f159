/**
 * CONTRIBUTING's worked example "A new field of the video record", as code: a `description` added
 * to the create entry of the spec. The mock derives its records, seed, bounds and representation
 * from the generated entry, the client its create body from the generated types; only the client's
 * batch, which names each member a file passes on, fails the type check. A script proves the field
 * works in the copy.
 */
import type { Stage } from '../src/recipe.js';
import type { NewMember } from '../src/spec-edits.js';

export const NEW_FIELD: { change: NewMember; expected: string[]; stages: Stage[] } = {
  change: {
    schema: 'CreateVideoEntry',
    name: 'description',
    property: {
      type: 'string',
      description: 'A description of the video (a member the acceptance test adds).',
    },
  },
  // The client's batch names every member of the entry it sends: it must pass the new one on; the
  // mock's test of newRecord draws every member.
  expected: [
    'apps/mock-server/test/state/record.test.ts:describe(the members of the create entry (generated from the spec))',
    'packages/client/src/batch/upload-videos.ts:entryOf',
  ],
  stages: [
    {
      why: "the client's batch passes the member of a file on to its create entry",
      edits: [
        {
          file: 'packages/client/src/batch/upload-videos.ts',
          find: '{ title, tags: file.tags }',
          replace: '{ title, tags: file.tags, description: file.description }',
        },
        {
          file: 'apps/mock-server/test/state/record.test.ts',
          find: '{ title: fc.string(), tags: fc.array(fc.string()), extra: fc.jsonValue() }',
          replace:
            '{ title: fc.string(), tags: fc.array(fc.string()), description: fc.string(), extra: fc.jsonValue() }',
        },
      ],
      flags: [],
    },
  ],
};

/**
 * Run in the copy's contract package: the field given at create (through the typed client) and
 * at seed, shown under `video-record-fields: with-extra-fields` only, and bounded by
 * `maxFieldLength` under `field-length-limits: limited`.
 */
export const RECORD_FIELD_CHECK = `
import assert from 'node:assert/strict';
import { createVideoApiClient } from '@video-api/client';
import { createApp } from '@video-api/mock-server';

const app = createApp({ maxFieldLength: 20 });
const client = createVideoApiClient({ baseUrl: 'http://mock.local', token: 'mock-token', fetch: async (r) => app.fetch(r) });
const reading = (value: string) => ({ headers: { 'x-mock-reading': value } });

const [created] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'Intro', description: 'About it' }] });
const shown = await client.getVideo(created.key, reading('video-record-fields=with-extra-fields'));
assert.equal((shown as { description?: unknown }).description, 'About it');
const listed = await client.getVideo(created.key, reading('video-record-fields=listed-only'));
assert.equal('description' in listed, false);

const [batch] = await client.uploadVideos([{ source: new Blob([new Uint8Array(8)]), title: 'Batch', description: 'From a batch' }], { projectKey: 'demo' });
assert.equal(batch?.ok, true, JSON.stringify(batch));
const fromBatch = await client.getVideo(String(batch?.videoKey), reading('video-record-fields=with-extra-fields'));
assert.equal((fromBatch as { description?: unknown }).description, 'From a batch');

const [seeded] = await app.mock.seed([{ title: 'Seeded', description: 'Seeded too' }]);
const again = await client.getVideo(seeded, reading('video-record-fields=with-extra-fields'));
assert.equal((again as { description?: unknown }).description, 'Seeded too');

const long = await app.request('/api/v1/videos', {
  method: 'POST',
  headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json', 'x-mock-reading': 'field-length-limits=limited' },
  body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 'Long', description: 'x'.repeat(21) }] }),
});
assert.equal(long.status, 400);
assert.match(await long.text(), /videos\\/0\\/description/);
await app.mock.close();
console.log(JSON.stringify({ created: created.key, seeded }));
`;
