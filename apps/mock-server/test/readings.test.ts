/**
 * Every reading of every unknown, selected three ways (X-Mock-Reading header, createApp option,
 * --reading flag), with a test that shows its effect. The table is typed over the registry and
 * checked against it at run time: a new unknown or reading without a row fails here.
 */

import {
  idsWithReadings,
  type ReadingOf,
  readingsOf,
  type UnspecifiedIdWithReadings,
} from '@video-api/schema/unspecified';
import { zVideo } from '@video-api/schema/zod';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../src/cli-args.js';
import type { MockOptions } from '../src/types.js';
import { AUTH, api, played } from './support/api.js';
import { startReceiver } from './support/receiver.js';

type Api = ReturnType<typeof api>;
interface Ctx {
  h: Api;
  /** Request init that selects the reading (header mode) or nothing (option and flag modes). */
  init: { reading?: string; headers?: Record<string, string> };
  /** Asserts that `res` names the reading under test as played. */
  playedIt: (res: Response) => void;
}
type Effect = (ctx: Ctx) => Promise<void>;
type Table = { [Id in UnspecifiedIdWithReadings]: { [R in ReadingOf<Id>]: Effect } };

/** Options each unknown needs to show its effect quickly (small limits). */
const SETUP: Partial<Record<UnspecifiedIdWithReadings, MockOptions>> = {
  'rate-limits': { rateLimit: { requests: 3, windowMs: 60_000 } },
  'field-length-limits': { maxFieldLength: 10 },
  'videos-per-create-limit': { maxVideosPerCreate: 2 },
  'file-size-limit': { maxUploadBytes: 10 },
  'auth-get-video': { tokens: ['mock-token', 'other'] },
  'auth-update-custom-fields': { tokens: ['mock-token', 'other'] },
};

const OTHER = { authorization: 'Bearer other' };
const NONE = { authorization: '' };
const BIG = new Blob(['x'.repeat(20)]);

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

async function uploadedAndReady({ h, init }: Ctx, key: string) {
  await h.upload(key, undefined, init);
  h.app.mock.advanceClock(2000);
}

/** Creates videos, registers a receiver, and returns what it got once deliveries are idle. */
async function deliveries({ h, init }: Ctx, count = 1) {
  const receiver = await startReceiver();
  try {
    h.app.mock.webhooks.register({ url: receiver.url, secret: 'test-secret' });
    const res = await h.create(
      { projectKey: 'p', videos: Array.from({ length: count }, (_, i) => ({ title: `v${i}` })) },
      init,
    );
    await h.app.mock.webhooks.idle();
    return { res, received: receiver.received };
  } finally {
    await receiver.close();
  }
}

const table: Table = {
  'status-codes': {
    'all-200': async ({ h, init, playedIt }) => {
      const res = await h.create({ projectKey: 'p', videos: [{ title: 't' }] }, init);
      playedIt(res);
      expect(res.status).toBe(200);
      const [video] = (await res.json()) as { key: string }[];
      expect((await h.upload(video?.key ?? '', undefined, init)).status).toBe(200);
    },
    semantic: async ({ h, init, playedIt }) => {
      const res = await h.create({ projectKey: 'p', videos: [{ title: 't' }] }, init);
      playedIt(res);
      expect(res.status).toBe(201);
      const [video] = (await res.json()) as { key: string }[];
      expect((await h.upload(video?.key ?? '', undefined, init)).status).toBe(202);
    },
  },
  'error-codes': {
    'validation-400': async ({ h, init, playedIt }) => {
      const res = await h.create({ videos: 1 }, init);
      playedIt(res);
      expect(res.status).toBe(400);
    },
    'validation-422': async ({ h, init, playedIt }) => {
      const res = await h.create({ videos: 1 }, init);
      playedIt(res);
      expect(res.status).toBe(422);
    },
  },
  'rate-limits': {
    none: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      for (let i = 0; i < 6; i++) {
        const res = await h.get(key, init);
        playedIt(res);
        expect(res.status).toBe(200);
      }
    },
    '429-retry-after': async ({ h, init, playedIt }) => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await h.get('v-0001', init);
        statuses.push(last.status);
      }
      playedIt(last as Response);
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      h.app.mock.advanceClock(60_000);
      expect((await h.get('v-0001', init)).status).toBe(404);
    },
  },
  'field-length-limits': {
    unlimited: async ({ h, init, playedIt }) => {
      const res = await h.create({ projectKey: 'p', videos: [{ title: 'a title of 24 characters' }] }, init);
      playedIt(res);
      expect(res.status).toBe(200);
    },
    limited: async ({ h, init, playedIt }) => {
      const res = await h.create({ projectKey: 'p', videos: [{ title: 'a title of 24 characters' }] }, init);
      playedIt(res);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('/videos/0/title');
    },
  },
  'videos-per-create-limit': {
    unlimited: async ({ h, init, playedIt }) => {
      const res = await h.create(
        { projectKey: 'p', videos: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] },
        init,
      );
      playedIt(res);
      expect(await res.json()).toHaveLength(3);
    },
    limited: async ({ h, init, playedIt }) => {
      const res = await h.create(
        { projectKey: 'p', videos: [{ title: 'a' }, { title: 'b' }, { title: 'c' }] },
        init,
      );
      playedIt(res);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('/videos');
    },
  },
  'file-size-limit': {
    'rejects-413': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.upload(key, BIG, init);
      playedIt(res);
      expect(res.status).toBe(413);
      expect(h.app.mock.sourceOf(key)).toBeUndefined();
    },
    'no-limit': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.upload(key, BIG, init);
      playedIt(res);
      expect(res.status).toBe(200);
      expect(h.app.mock.sourceOf(key)?.size).toBe(20);
    },
  },
  'video-transitions': {
    'reupload-reprocesses': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      await uploadedAndReady(ctx, key);
      const res = await ctx.h.upload(key, BIG, ctx.init);
      ctx.playedIt(res);
      expect(res.status).toBe(200);
      expect(ctx.h.app.mock.sourceOf(key)?.size).toBe(20);
      const video = await json(
        await ctx.h.get(key, { headers: { 'x-mock-reading': 'readiness-field=ready-flag' } }),
      );
      expect(video.ready).toBe(false);
    },
    'reupload-rejected': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      await uploadedAndReady(ctx, key);
      const res = await ctx.h.upload(key, BIG, ctx.init);
      ctx.playedIt(res);
      expect(res.status).toBe(409);
      expect(ctx.h.app.mock.sourceOf(key)?.size).not.toBe(20);
    },
  },
  'upload-response-body': {
    empty: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.upload(key, undefined, init);
      playedIt(res);
      expect(await res.text()).toBe('');
    },
    'video-record': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.upload(key, undefined, init);
      playedIt(res);
      expect(zVideo.parse(await res.json()).videoKey).toBe(key);
    },
    'upload-receipt': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.upload(key, BIG, init);
      playedIt(res);
      expect(await res.json()).toMatchObject({ videoKey: key, size: 20 });
    },
  },
  'auth-get-video': {
    required: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.get(key, { ...init, headers: NONE });
      playedIt(res);
      expect(res.status).toBe(401);
      expect((await h.get(key, { ...init, headers: OTHER })).status).toBe(200);
    },
    'not-required': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.get(key, { ...init, headers: NONE });
      playedIt(res);
      expect(res.status).toBe(200);
    },
    'owner-only': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.get(key, { ...init, headers: OTHER });
      playedIt(res);
      expect(res.status).toBe(403);
      expect((await h.get(key, { ...init, headers: AUTH })).status).toBe(200);
      expect((await h.get(key, { ...init, headers: NONE })).status).toBe(401);
    },
  },
  'readiness-field': {
    'status-string': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      const res = await ctx.h.get(key, ctx.init);
      ctx.playedIt(res);
      expect((await json(res)).status).toBe('created');
      await uploadedAndReady(ctx, key);
      expect((await json(await ctx.h.get(key, ctx.init))).status).toBe('ready');
    },
    'ready-flag': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      const res = await ctx.h.get(key, ctx.init);
      ctx.playedIt(res);
      const before = await json(res);
      expect(before.ready).toBe(false);
      expect(before).not.toHaveProperty('status');
      await uploadedAndReady(ctx, key);
      expect((await json(await ctx.h.get(key, ctx.init))).ready).toBe(true);
    },
    'playback-only': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      const res = await ctx.h.get(key, ctx.init);
      ctx.playedIt(res);
      const video = await json(res);
      expect(video).not.toHaveProperty('status');
      expect(video).not.toHaveProperty('ready');
      expect((await ctx.h.app.request(`/hls/${key}/playlist.m3u8`)).status).toBe(404);
      await uploadedAndReady(ctx, key);
      expect((await ctx.h.app.request(`/hls/${key}/playlist.m3u8`)).status).toBe(200);
    },
  },
  'auth-update-custom-fields': {
    required: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.put(key, { simpleCustomFields: { a: 1 } }, { ...init, headers: NONE });
      playedIt(res);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    },
    'not-required': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.put(key, { simpleCustomFields: { a: 1 } }, { ...init, headers: NONE });
      playedIt(res);
      expect(res.status).toBe(200);
    },
    'owner-only': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.put(key, { simpleCustomFields: { a: 1 } }, { ...init, headers: OTHER });
      playedIt(res);
      expect(res.status).toBe(403);
      expect((await h.put(key, { simpleCustomFields: { a: 1 } }, { ...init, headers: AUTH })).status).toBe(
        200,
      );
    },
  },
  'custom-fields-omitted': {
    merge: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.put(key, { simpleCustomFields: { a: 1 } }, init);
      const res = await h.put(key, { simpleCustomFields: { b: 2 } }, init);
      playedIt(res);
      expect((await json(res)).simpleCustomFields).toEqual({ a: 1, b: 2 });
    },
    replace: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.put(key, { simpleCustomFields: { a: 1 } }, init);
      const res = await h.put(key, { simpleCustomFields: { b: 2 } }, init);
      playedIt(res);
      expect((await json(res)).simpleCustomFields).toEqual({ b: 2 });
    },
  },
  'webhook-events': {
    'per-state': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received.map((r) => r.headers['webhook-event'])).toEqual(['video.created']);
    },
    'ready-only': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received).toEqual([]);
    },
  },
  'webhook-payload': {
    envelope: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(Object.keys(received[0]?.body ?? {}).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    },
    flat: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received[0]?.body).toMatchObject({ event: 'video.created', state: 'created' });
      expect(received[0]?.body).toHaveProperty('videoKey');
    },
    'video-record': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(zVideo.parse(received[0]?.body.video).simpleCustomFields).toEqual({});
    },
  },
  'webhook-signing': {
    'hmac-sha256-timestamped': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received[0]?.headers['webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    },
    'hmac-sha256-body': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received[0]?.headers['webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    },
    unsigned: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received).toHaveLength(1);
      expect(received[0]?.headers['webhook-signature']).toBeUndefined();
    },
  },
  'webhook-delivery': {
    'once-in-order': async (ctx) => {
      const { res, received } = await deliveries(ctx, 4);
      ctx.playedIt(res);
      expect(received.map((r) => r.headers['webhook-id'])).toHaveLength(4);
      expect(received.map((r) => (r.body.data as { videoKey: string }).videoKey)).toEqual([
        'v-0001',
        'v-0002',
        'v-0003',
        'v-0004',
      ]);
    },
    duplicates: async (ctx) => {
      const { res, received } = await deliveries(ctx, 2);
      ctx.playedIt(res);
      const ids = received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(2);
      expect(ids.length).toBeGreaterThanOrEqual(4);
    },
    reordered: async (ctx) => {
      const { res, received } = await deliveries(ctx, 4);
      ctx.playedIt(res);
      const keys = received.map((r) => (r.body.data as { videoKey: string }).videoKey);
      expect([...keys].sort()).toEqual(['v-0001', 'v-0002', 'v-0003', 'v-0004']);
      expect(keys).not.toEqual(['v-0001', 'v-0002', 'v-0003', 'v-0004']);
    },
  },
  'error-shape': {
    'problem-json': async ({ h, init, playedIt }) => {
      const res = await h.get('v-9', init);
      playedIt(res);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ title: 'Not found', status: 404, type: expect.any(String) });
    },
    'message-object': async ({ h, init, playedIt }) => {
      const res = await h.get('v-9', init);
      playedIt(res);
      expect(await res.json()).toEqual({ message: 'No video has the key "v-9".' });
    },
    'error-object': async ({ h, init, playedIt }) => {
      const res = await h.get('v-9', init);
      playedIt(res);
      expect(await res.json()).toEqual({
        error: { code: 'not-found', message: 'No video has the key "v-9".' },
      });
    },
  },
  'video-record-fields': {
    'listed-only': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.get(key, init);
      playedIt(res);
      expect(Object.keys(await json(res)).sort()).toEqual(['simpleCustomFields', 'status', 'videoKey']);
    },
    'with-extra-fields': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.get(key, init);
      playedIt(res);
      expect(await json(res)).toMatchObject({
        title: 'video 0',
        projectKey: 'demo',
        createdAt: expect.any(String),
      });
    },
  },
  'video-states': {
    basic: async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      const res = await ctx.h.upload(key, undefined, ctx.init);
      ctx.playedIt(res);
      expect((await json(res)).status).toBe('processing');
    },
    detailed: async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      const res = await ctx.h.upload(key, undefined, ctx.init);
      ctx.playedIt(res);
      expect((await json(res)).status).toBe('uploaded');
      ctx.h.app.mock.advanceClock(1000);
      expect((await json(await ctx.h.get(key, ctx.init))).status).toBe('processing');
    },
  },
  'custom-field-definition': {
    implicit: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.put(key, { simpleCustomFields: { anything: 'x' } }, init);
      playedIt(res);
      expect(res.status).toBe(200);
    },
    predefined: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      h.app.mock.setDefinitions([{ name: 'views', kind: 'number' }]);
      const res = await h.put(key, { simpleCustomFields: { anything: 'x' } }, init);
      playedIt(res);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('defined: views');
      expect((await h.put(key, { simpleCustomFields: { views: 'many' } }, init)).status).toBe(400);
      expect((await h.put(key, { simpleCustomFields: { views: 3 } }, init)).status).toBe(200);
    },
  },
  'custom-field-null': {
    rejected: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.put(key, { simpleCustomFields: { a: 1 } }, init);
      const res = await h.put(key, { simpleCustomFields: { a: null } }, init);
      playedIt(res);
      expect(res.status).toBe(400);
      expect((await json(await h.get(key))).simpleCustomFields).toEqual({ a: 1 });
    },
    'removes-field': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.put(key, { simpleCustomFields: { a: 1, b: 2 } }, init);
      const res = await h.put(key, { simpleCustomFields: { a: null } }, init);
      playedIt(res);
      expect((await json(res)).simpleCustomFields).toEqual({ b: 2 });
    },
  },
};

const rows = idsWithReadings.flatMap((id) =>
  readingsOf(id).map((reading) => [id, reading] as [UnspecifiedIdWithReadings, string]),
);

describe('the table covers the registry', () => {
  it('has a row for every unknown with readings and every reading, and no other', () => {
    const covered = Object.entries(table).flatMap(([id, readings]) =>
      Object.keys(readings).map((r) => `${id}=${r}`),
    );
    expect(covered.sort()).toEqual(rows.map(([id, r]) => `${id}=${r}`).sort());
  });
});

const modes = {
  header: (id: string, reading: string) => ({ options: {}, init: { reading: `${id}=${reading}` } }),
  option: (id: string, reading: string) => ({ options: { readings: { [id]: reading } }, init: {} }),
  flag: (id: string, reading: string) => {
    const { options } = parseCliArgs(['--reading', `${id}=${reading}`, '--log-level', 'silent']);
    return { options, init: {} };
  },
};

for (const [mode, select] of Object.entries(modes)) {
  describe(`readings selected by ${mode}`, () => {
    it.each(rows)('%s=%s shows its effect', async (id, reading) => {
      const { options, init } = select(id, reading);
      const h = api({ ...SETUP[id], ...options });
      const effect = (table[id] as Record<string, Effect>)[reading] as Effect;
      await effect({
        h,
        init,
        playedIt: (res) =>
          expect(played(res)[id], `X-Mock-Readings: ${res.headers.get('x-mock-readings')}`).toBe(reading),
      });
    });
  });
}
