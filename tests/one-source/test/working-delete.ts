/**
 * CONTRIBUTING's worked example "A working operation", as code: after NEW_OPERATION's spec change
 * (`deleteVideo`), the edits a contributor makes, stage by stage as the type checker asks for them,
 * and a script that proves the DELETE works in the copy: through the mock, the client and the
 * contract suite.
 */
import type { Stage } from '../src/recipe.js';

const HANDLER = `/** Delete a video: DELETE /api/v1/videos/{videoKey} (the worked example of CONTRIBUTING). */

import { meaningOf } from '@video-api/schema';
import type { Context } from 'hono';
import { requireToken } from '../http/auth.js';
import type { MockEnv } from '../http/context.js';
import { requestHeader } from '../http/request-headers.js';
import { respond } from '../http/respond.js';
import type { ApiDeps } from './deps.js';
import { findVideo } from './get-video.js';

/**
 * Handles the delete: Bearer required (§5.1), the unknown-video-key answer for a key no video has,
 * then the record forgotten by the store; the lifecycle drops what it had scheduled for it.
 */
export function deleteVideo(deps: Pick<ApiDeps, 'tokens' | 'store' | 'lifecycle'>) {
  return async (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    requireToken(requestHeader(c, 'authorization'), deps.tokens, readings);
    const record = await findVideo(deps, c.req.param('videoKey') ?? '', readings);
    await deps.store.delete(record.key);
    const { status } = meaningOf('status-codes', readings.get('status-codes'));
    return respond(null, status.deleteVideo, readings);
  };
}
`;

/** The stages of the recipe: each one's edits, and what the type checker flags after it. */
export const WORKING_DELETE: Stage[] = [
  {
    why: "the places NEW_OPERATION's spec change flags, and the handler the route table asks for",
    edits: [
      { file: 'apps/mock-server/src/api/delete-video.ts', create: HANDLER },
      {
        file: 'apps/mock-server/src/api/routes.ts',
        find: "import type { ApiDeps } from './deps.js';\n",
        replace:
          "import { deleteVideo } from './delete-video.js';\nimport type { ApiDeps } from './deps.js';\n",
      },
      {
        file: 'apps/mock-server/src/api/routes.ts',
        find: '    getVideo: getVideo(deps),\n',
        replace: '    getVideo: getVideo(deps),\n    deleteVideo: deleteVideo(deps),\n',
      },
      {
        file: 'apps/mock-server/test/http/operations.test.ts',
        find: '      getVideo: true,\n',
        replace: '      getVideo: true,\n      deleteVideo: true,\n',
      },
      {
        file: 'packages/client/src/operations.ts',
        find: "  getVideo: { path: '/api/v1/videos/{videoKey}', retry: 'safe' },\n",
        replace:
          "  getVideo: { path: '/api/v1/videos/{videoKey}', retry: 'safe' },\n  // Deleting twice leaves what deleting once does: safe to repeat.\n  deleteVideo: { path: '/api/v1/videos/{videoKey}', retry: 'safe' },\n",
      },
      {
        file: 'packages/contract/src/checks/video.ts',
        find: "    uploadVideoSource: ['upload to an unknown key is refused with a 4xx', () => ctx.api.upload(key)],\n",
        replace: `    uploadVideoSource: ['upload to an unknown key is refused with a 4xx', () => ctx.api.upload(key)],
    deleteVideo: [
      'delete of an unknown key is refused with a 4xx',
      async () => {
        // A video of the run deleted first: the route answers 2XX here, so a 4xx is a refusal.
        const own = await ctx.api.createOne('delete');
        const deleted = await ctx.api.send({ method: 'DELETE', path: pathOf('deleteVideo', { videoKey: own }) });
        if (isSuccess(deleted.status)) ctx.api.ledger.reach('deleteVideo', ctx.api.hostOf());
        return ctx.api.send({ method: 'DELETE', path: pathOf('deleteVideo', { videoKey: key }) });
      },
    ],
`,
      },
      {
        file: 'packages/contract/src/checks/video.ts',
        find: 'requestLine, SECTION_OF }',
        replace: 'pathOf, requestLine, SECTION_OF }',
      },
      {
        file: 'packages/contract/test/operations.test.ts',
        find: "'uploadVideoSource' | 'getVideo' | 'updateCustomFields'>",
        replace: "'uploadVideoSource' | 'getVideo' | 'updateCustomFields' | 'deleteVideo'>",
      },
    ],
    flags: ['apps/mock-server/src/api/delete-video.ts:deleteVideo'],
  },
  {
    why: 'the handler calls store.delete: the store interface gains it',
    edits: [
      {
        file: 'apps/mock-server/src/state/video-store.ts',
        find: '  /** Inserts or replaces records, in one transaction. */\n',
        replace:
          '  /** Forgets the record of `key` (none: nothing changes). */\n  delete(key: string): Promise<void>;\n  /** Inserts or replaces records, in one transaction. */\n',
      },
    ],
    flags: [
      'apps/mock-server/src/node/postgres/postgres-store.ts:createPostgresStore',
      'apps/mock-server/src/node/sqlite/sqlite-store.ts:createSqliteStore',
      'apps/mock-server/src/state/memory-store.ts:createMemoryStore',
    ],
  },
  {
    why: 'each store implements it',
    edits: [
      {
        file: 'apps/mock-server/src/state/memory-store.ts',
        find: '    putMany: (records) =>\n',
        replace:
          '    delete: (key) =>\n      settled(() => {\n        videos.delete(key);\n      }),\n    putMany: (records) =>\n',
      },
      {
        file: 'apps/mock-server/src/node/sqlite/sqlite-store.ts',
        find: '    putMany: (records) => settled(() => putMany(records)),\n',
        replace:
          "    putMany: (records) => settled(() => putMany(records)),\n    delete: (key) =>\n      settled(() => {\n        db.prepare('DELETE FROM videos WHERE key = ?').run(key);\n      }),\n",
      },
      {
        file: 'apps/mock-server/src/node/postgres/postgres-store.ts',
        find: '    async putMany(records) {\n',
        replace: `    async delete(key) {\n      await database.run((sql) => sql\`DELETE FROM mock_videos WHERE sandbox = \${state} AND key = \${key}\`);\n    },\n    async putMany(records) {\n`,
      },
    ],
    flags: [],
  },
];

/**
 * Run in the copy's contract package: the DELETE through the client's typed `raw` (the generated
 * paths), against the mock in-process; a deleted video is gone (404), also while it was
 * processing (the lifecycle neither brings it back nor emits its events); then the contract
 * suite passes with its new check.
 */
export const WORKING_DELETE_CHECK = `
import assert from 'node:assert/strict';
import { createVideoApiClient } from '@video-api/client';
import { createApp } from '@video-api/mock-server';
import { failures, runAgainstMock } from './test/helpers.ts';

const app = createApp({ processingMs: 1000 });
const client = createVideoApiClient({ baseUrl: 'http://mock.local', token: 'mock-token', fetch: async (r) => app.fetch(r) });
const path = '/api/v1/videos/{videoKey}' as const;
const remove = (videoKey: string) => client.raw.DELETE(path, { params: { path: { videoKey } } });
const get = (videoKey: string) => client.raw.GET(path, { params: { path: { videoKey } } });

const [kept, gone, processing] = await client.createVideos({
  projectKey: 'demo',
  videos: [{ title: 'kept' }, { title: 'gone' }, { title: 'processing' }],
});
await client.uploadSource(processing.key, new Blob([new Uint8Array(64)]));
const events: string[] = [];
app.mock.onEvent((event) => events.push(event.videoKey));

assert.equal((await remove(gone.key)).response.status, 200);
assert.equal((await get(gone.key)).response.status, 404);
assert.equal((await remove(gone.key)).response.status, 404);
assert.equal((await get(kept.key)).response.status, 200);

assert.equal((await remove(processing.key)).response.status, 200);
await app.mock.advanceClock(60_000);
assert.equal((await get(processing.key)).response.status, 404);
assert.deepEqual(events, []);

const report = await runAgainstMock();
assert.deepEqual(failures(report), []);
const check = report.checks.find((c) => c.name === 'delete of an unknown key is refused with a 4xx');
assert.equal(check?.verdict, 'pass', JSON.stringify(check));
await app.mock.close();
console.log(JSON.stringify({ deleted: [gone.key, processing.key], contract: report.summary }));
`;
