/** Readings of the create answer (§1, §4.1): the order of its elements, and an empty `videos`. */
import { expect } from 'vitest';
import type { Ctx, Table } from './context.js';

/** The titles of a create of four videos, in the order the answer gives them. */
async function answeredTitles({ h, init, playedIt }: Ctx): Promise<string[]> {
  const videos = ['a', 'b', 'c', 'd'].map((title) => ({ title }));
  const res = await h.create({ projectKey: 'p', videos }, init);
  playedIt(res);
  return ((await res.json()) as { title: string }[]).map((video) => video.title);
}

async function createNone({ h, init, playedIt }: Ctx): Promise<Response> {
  const res = await h.create({ projectKey: 'p', videos: [] }, init);
  playedIt(res);
  return res;
}

export const createEffects: Pick<Table, 'create-answer-order' | 'create-empty-videos'> = {
  'create-answer-order': {
    'request-order': async (ctx) => {
      expect(await answeredTitles(ctx)).toEqual(['a', 'b', 'c', 'd']);
    },
    'reverse-order': async (ctx) => {
      expect(await answeredTitles(ctx)).toEqual(['d', 'c', 'b', 'a']);
    },
    'any-order': async (ctx) => {
      expect(await answeredTitles(ctx)).toEqual(['b', 'c', 'd', 'a']);
    },
  },
  'create-empty-videos': {
    rejected: async (ctx) => {
      const res = await createNone(ctx);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('/videos');
      // Nothing was created: the next video created gets the first key.
      expect(await ctx.h.keys()).toEqual(['v-0001']);
    },
    'accepted-empty': async (ctx) => {
      const res = await createNone(ctx);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    },
  },
};
