/** Readings of webhooks (§6), against a local receiver. */
import { zVideo } from '@video-api/schema/zod';
import { expect } from 'vitest';
import { deliveries, type Table } from './context.js';

export const webhookEffects: Pick<
  Table,
  | 'webhook-events'
  | 'webhook-payload'
  | 'webhook-signing'
  | 'webhook-delivery'
  | 'webhook-method'
  | 'webhook-security'
> = {
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
      expect(Object.keys(received[0]?.json ?? {}).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    },
    flat: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received[0]?.json).toMatchObject({ event: 'video.created', state: 'created' });
      expect(received[0]?.json).toHaveProperty('videoKey');
    },
    'video-record': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(zVideo.parse(received[0]?.json.video).simpleCustomFields).toEqual({});
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
  'webhook-method': {
    post: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received.map((r) => r.method)).toEqual(['POST']);
    },
    put: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received.map((r) => r.method)).toEqual(['PUT']);
      expect(received[0]?.json).toHaveProperty('type', 'video.created');
    },
  },
  'webhook-security': {
    none: async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received[0]?.headers.authorization).toBeUndefined();
    },
    'bearer-secret': async (ctx) => {
      const { res, received } = await deliveries(ctx);
      ctx.playedIt(res);
      expect(received[0]?.headers.authorization).toBe('Bearer test-secret');
    },
  },
  'webhook-delivery': {
    'once-in-order': async (ctx) => {
      const { res, received } = await deliveries(ctx, 4);
      ctx.playedIt(res);
      expect(received.map((r) => r.headers['webhook-id'])).toHaveLength(4);
      expect(received.map((r) => (r.json.data as { videoKey: string }).videoKey)).toEqual([
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
      const keys = received.map((r) => (r.json.data as { videoKey: string }).videoKey);
      expect([...keys].sort()).toEqual(['v-0001', 'v-0002', 'v-0003', 'v-0004']);
      expect(keys).not.toEqual(['v-0001', 'v-0002', 'v-0003', 'v-0004']);
    },
  },
};
