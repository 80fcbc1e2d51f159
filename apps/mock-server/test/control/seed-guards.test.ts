/** A seed beyond the mock's guards is refused whole (seedProblem with the guards). */
import { describe, expect, it } from 'vitest';
import { seedProblem } from '../../src/control/seed-checks.js';
import { api } from '../support/api.js';

const guards = { maxCustomFields: 3, maxRecordBytes: 200 };
const none = () => false;

describe('seedProblem with the guards', () => {
  it('accepts videos within them', () => {
    expect(
      seedProblem([{ title: 't', simpleCustomFields: { a: 1, b: 2, c: 3 } }], none, guards),
    ).toBeUndefined();
  });

  it('refuses more custom fields than maxCustomFields with 400, naming the video', () => {
    const problem = seedProblem(
      [{ title: 'ok' }, { title: 't', simpleCustomFields: { a: 1, b: 2, c: 3, d: 4 } }],
      none,
      guards,
    );
    expect(problem?.status).toBe(400);
    expect(problem?.detail).toMatch(/\/videos\/1 would hold 4 custom fields; at most 3/);
    expect(problem?.issues[0]?.pointer).toBe('/videos/1');
  });

  it('refuses a video larger than maxRecordBytes with 413 (title, tags and fields count)', () => {
    const problem = seedProblem([{ title: 'x'.repeat(100), tags: ['y'.repeat(100)] }], none, guards);
    expect(problem?.status).toBe(413);
    expect(problem?.code).toBe('record-too-large');
  });

  it('holds app.mock.seed and POST /__mock/seed to the options, seeding nothing', async () => {
    const { app } = api({ maxCustomFields: 2 });
    const videos = [{ title: 'ok' }, { title: 't', simpleCustomFields: { a: 1, b: 2, c: 3 } }];
    await expect(app.mock.seed(videos)).rejects.toThrow(/would hold 3 custom fields; at most 2/);
    const res = await app.request('/__mock/seed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ videos }),
    });
    expect(res.status).toBe(400);
    expect(
      (await app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } }))
        .status,
    ).toBe(404);
  });
});
