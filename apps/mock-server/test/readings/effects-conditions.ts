/** Readings of the conditions of errors (§7): an unknown video key, a refused token, a wrong media type. */
import { expect } from 'vitest';
import { type Ctx, json, NONE, type Table } from './context.js';

const withHeaders = (init: Ctx['init'], headers: Record<string, string>) => ({
  ...init,
  headers: { ...init.headers, ...headers },
});

/** Get, update and upload of a key no video has: their statuses, each response checked as played. */
async function unknownKeyStatuses({ h, init, playedIt }: Ctx): Promise<number[]> {
  const answers = [
    await h.get('v-9', init),
    await h.put('v-9', { simpleCustomFields: { note: 'x' } }, init),
    await h.upload('v-9', undefined, init),
  ];
  for (const res of answers) playedIt(res);
  return answers.map((res) => res.status);
}

/** Create and upload without a token and with a wrong one: their statuses, each checked as played. */
async function refusedTokenStatuses(ctx: Ctx): Promise<Response[]> {
  const { h, init, playedIt } = ctx;
  const [key = ''] = await h.keys();
  const answers: Response[] = [];
  for (const auth of [NONE, { authorization: 'Bearer wrong-token' }]) {
    answers.push(await h.create({ projectKey: 'p', videos: [{ title: 't' }] }, withHeaders(init, auth)));
    answers.push(await h.upload(key, undefined, withHeaders(init, auth)));
  }
  for (const res of answers) playedIt(res);
  return answers;
}

/** Create and update with a text body, upload with a JSON body: their statuses, each checked as played. */
async function wrongMediaTypeStatuses({ h, init, playedIt }: Ctx): Promise<number[]> {
  const [key = ''] = await h.keys();
  const text = withHeaders(init, { 'content-type': 'text/plain' });
  const answers = [
    await h.create('projectKey=p', text),
    await h.put(key, 'simpleCustomFields', text),
    await h.app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer mock-token',
        'content-type': 'application/json',
        ...(init.reading && { 'x-mock-reading': init.reading }),
      },
      body: JSON.stringify({ file: 'not a form' }),
    }),
  ];
  for (const res of answers) playedIt(res);
  expect((await json(answers[0] as Response)).detail ?? '').toContain('JSON');
  return answers.map((res) => res.status);
}

export const conditionEffects: Pick<Table, 'unknown-video-key' | 'token-refusal' | 'media-type-refusal'> = {
  'unknown-video-key': {
    'not-found-404': async (ctx) => {
      expect(await unknownKeyStatuses(ctx)).toEqual([404, 404, 404]);
    },
    'forbidden-403': async (ctx) => {
      expect(await unknownKeyStatuses(ctx)).toEqual([403, 403, 403]);
      const res = await ctx.h.get('v-9', ctx.init);
      expect(JSON.stringify(await res.json())).not.toContain('No video has');
    },
    'bad-request-400': async (ctx) => {
      expect(await unknownKeyStatuses(ctx)).toEqual([400, 400, 400]);
    },
  },
  'token-refusal': {
    'unauthorized-401': async (ctx) => {
      const answers = await refusedTokenStatuses(ctx);
      expect(answers.map((res) => res.status)).toEqual([401, 401, 401, 401]);
      for (const res of answers) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    },
    'forbidden-403': async (ctx) => {
      const answers = await refusedTokenStatuses(ctx);
      expect(answers.map((res) => res.status)).toEqual([403, 403, 403, 403]);
      for (const res of answers) expect(res.headers.get('www-authenticate')).toBeNull();
    },
  },
  'media-type-refusal': {
    'unsupported-415': async (ctx) => {
      expect(await wrongMediaTypeStatuses(ctx)).toEqual([415, 415, 415]);
    },
    'bad-request-400': async (ctx) => {
      expect(await wrongMediaTypeStatuses(ctx)).toEqual([400, 400, 400]);
    },
  },
};
