/** Readings of the video record, its lifecycle, auth and custom fields (§2, §3, §4, §5). */
import { zVideo } from '@video-api/schema/zod';
import { expect } from 'vitest';
import { AUTH } from '../support/api.js';
import { BIG, json, NONE, OTHER, type Table, uploadedAndReady } from './context.js';

export const recordEffects: Pick<
  Table,
  | 'video-transitions'
  | 'upload-response-body'
  | 'auth-get-video'
  | 'readiness-field'
  | 'auth-update-custom-fields'
  | 'custom-fields-omitted'
  | 'video-record-fields'
  | 'video-states'
  | 'custom-field-definition'
  | 'custom-field-null'
> = {
  'video-transitions': {
    'reupload-reprocesses': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      await uploadedAndReady(ctx, key);
      const res = await ctx.h.upload(key, BIG, ctx.init);
      ctx.playedIt(res);
      expect(res.status).toBe(200);
      expect((await ctx.h.app.mock.sourceOf(key))?.size).toBe(20);
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
      expect((await ctx.h.app.mock.sourceOf(key))?.size).not.toBe(20);
    },
    'reupload-until-ready': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      await ctx.h.upload(key, undefined, ctx.init);
      // Processing, not ready yet: another upload replaces the source.
      const again = await ctx.h.upload(key, BIG, ctx.init);
      expect(again.status).toBe(200);
      expect((await ctx.h.app.mock.sourceOf(key))?.size).toBe(20);
      await ctx.h.app.mock.advanceClock(2000);
      // Ready: final.
      const res = await ctx.h.upload(key, new Blob(['y'.repeat(30)]), ctx.init);
      ctx.playedIt(res);
      expect(res.status).toBe(409);
      expect((await ctx.h.app.mock.sourceOf(key))?.size).toBe(20);
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
      await ctx.h.app.mock.advanceClock(1000);
      expect((await json(await ctx.h.get(key, ctx.init))).status).toBe('processing');
    },
    'processing-stages': async (ctx) => {
      const [key = ''] = await ctx.h.keys();
      expect((await json(await ctx.h.get(key, ctx.init))).status).toBe('Source waiting');
      const res = await ctx.h.upload(key, undefined, ctx.init);
      ctx.playedIt(res);
      expect((await json(res)).status).toBe('Processing');
      await ctx.h.app.mock.advanceClock(1000);
      expect((await json(await ctx.h.get(key, ctx.init))).status).toBe('Partially completed');
      await ctx.h.app.mock.advanceClock(2000);
      expect((await json(await ctx.h.get(key, ctx.init))).status).toBe('ready');
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
      await h.app.mock.setDefinitions([{ name: 'views', kind: 'number' }]);
      const res = await h.put(key, { simpleCustomFields: { anything: 'x' } }, init);
      playedIt(res);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('defined: views');
      // Names only: a value of another form than the definition's kind is taken.
      expect((await h.put(key, { simpleCustomFields: { views: 'many' } }, init)).status).toBe(200);
      expect((await h.put(key, { simpleCustomFields: { views: 3 } }, init)).status).toBe(200);
    },
    typed: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.app.mock.setDefinitions([{ name: 'views', kind: 'number' }]);
      const res = await h.put(key, { simpleCustomFields: { anything: 'x' } }, init);
      playedIt(res);
      expect(res.status).toBe(400);
      const wrong = await h.put(key, { simpleCustomFields: { views: 'many' } }, init);
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(await wrong.json())).toContain('defined as number');
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
