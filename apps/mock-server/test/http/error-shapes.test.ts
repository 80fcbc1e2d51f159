/**
 * Error bodies (§7) follow the meaning the spec gives each `error-shape` reading: its media type,
 * and a body its schema accepts (the schema the contract suite observes the reading by).
 */
import { meaningOf, readingsOf } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';

const app = createApp();
afterAll(() => app.mock.close());
const AUTH = { authorization: 'Bearer mock-token' };

// [what, request]
const errors: Array<[string, () => Promise<Response> | Response]> = [
  ['an unknown video (404)', () => app.request('/api/v1/videos/v-none', { headers: AUTH })],
  ['no token (401)', () => app.request('/api/v1/videos', { method: 'POST', body: '{}' })],
  [
    'a body that breaks the spec (4xx with issues)',
    () =>
      app.request('/api/v1/videos', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ projectKey: 42 }),
      }),
  ],
];

describe.each(readingsOf('error-shape'))('error-shape=%s', (reading) => {
  const { mediaType } = meaningOf('error-shape', reading);
  const schemas = readingSchemas['error-shape'];

  // Problem details require no member (RFC 9457), so every object is one as far as its schema goes:
  // among the readings that require something, only this reading's schema accepts the body.
  it.each(errors)("%s: the reading's media type, a body only its schema accepts", async (_what, send) => {
    await app.mock.setReadings({ 'error-shape': reading });
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.headers.get('content-type')).toContain(mediaType);
    const body = await response.json();
    const accepted = readingsOf('error-shape').filter((r) => schemas[r].safeParse(body).success);
    expect(accepted).toEqual([...new Set(['problem-json', reading])]);
  });
});
