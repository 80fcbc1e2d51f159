/** Readings of status codes, errors and limits (§4.5, §7, §8). */
import { expect } from 'vitest';
import { BIG, type Table } from './context.js';

export const apiEffects: Pick<
  Table,
  | 'status-codes'
  | 'error-codes'
  | 'error-shape'
  | 'rate-limits'
  | 'field-length-limits'
  | 'videos-per-create-limit'
  | 'file-size-limit'
> = {
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
      await h.app.mock.advanceClock(60_000);
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
      expect(await h.app.mock.sourceOf(key)).toBeUndefined();
    },
    'no-limit': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.upload(key, BIG, init);
      playedIt(res);
      expect(res.status).toBe(200);
      expect((await h.app.mock.sourceOf(key))?.size).toBe(20);
    },
  },
};
