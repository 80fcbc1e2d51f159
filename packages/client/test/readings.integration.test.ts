/**
 * The client against every reading the mock can play of the unknowns it meets: whatever the real
 * service turns out to do among them, the client keeps working (or fails with the right type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthError, defineCustomFields, NotFoundError, ValidationError } from '../src/index.js';
import { startMock } from './support/mock.js';

const reading = (id: string, value: string) => ({ headers: { 'X-Mock-Reading': `${id}=${value}` } });

describe('the client under the readings of the unknowns', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process');
  });
  afterAll(() => mock.close());

  it.each(['all-200', 'semantic'])('runs the three steps under status-codes: %s (§4.5)', async (value) => {
    const call = reading('status-codes', value);
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: value }] }, call);
    const upload = await mock.client.uploadSource(video?.key as string, new Uint8Array(8), call);
    expect(upload.status).toBe(value === 'semantic' ? 202 : 200);
    await expect(mock.client.getVideo(video?.key as string, call)).resolves.toMatchObject({
      videoKey: video?.key,
    });
    await expect(
      mock.client.updateCustomFields(video?.key as string, { a: 'b' }, call),
    ).resolves.toMatchObject({
      simpleCustomFields: { a: 'b' },
    });
  });

  it.each(['problem-json', 'message-object', 'error-object'])(
    'takes the detail of a 404 into the message under error-shape: %s (§7)',
    async (value) => {
      const error = await mock.client
        .getVideo('v-none', reading('error-shape', value))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as Error).message).toContain('No video has the key "v-none"');
    },
  );

  it.each([
    ['validation-400', 400],
    ['validation-422', 422],
  ])('throws ValidationError for a refused value under error-codes: %s (§7)', async (value, status) => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'v' }] });
    const error = await mock.client
      .updateCustomFields(video?.key as string, { gone: null }, reading('error-codes', value))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status });
  });

  it.each([
    ['not-found-404', NotFoundError, 404],
    ['forbidden-403', AuthError, 403],
    ['bad-request-400', ValidationError, 400],
  ] as const)(
    'throws a typed error for a key no video has under unknown-video-key: %s (§7)',
    async (value, type, status) => {
      const error = await mock.client
        .getVideo('v-none', reading('unknown-video-key', value))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ status });
    },
  );

  it.each(['simple-only', 'with-custom-fields', 'with-field-entries'])(
    'reads typed custom fields under custom-field-formats: %s (§2)',
    async (value) => {
      const fields = defineCustomFields({ views: 'counter', topics: 'multiText' });
      const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'f' }] });
      const key = video?.key as string;
      await fields.write(mock.client, key, { views: 3, topics: ['a'] });
      const got = await mock.client.getVideo(key, reading('custom-field-formats', value));
      expect(fields.parse(got.simpleCustomFields)).toEqual({ views: 3, topics: ['a'] });
      expect('customFields' in got).toBe(value !== 'simple-only');
    },
  );

  it('waits through the stages of video-states: processing-stages (§3)', async () => {
    await mock.mock.setReadings({ 'video-states': 'processing-stages' });
    try {
      const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 's' }] });
      const key = video?.key as string;
      await mock.client.uploadSource(key, new Uint8Array(8));
      const seen: unknown[] = [];
      const ready = await mock.client.waitForReady(key, {
        intervalMs: 500,
        onPoll: async ({ video: polled }) => {
          seen.push(polled.status);
          await mock.mock.advanceClock(500);
        },
      });
      expect(ready.status).toBe('ready');
      expect(seen).toEqual(expect.arrayContaining(['Processing', 'Partially completed', 'ready']));
    } finally {
      await mock.mock.setReadings({});
    }
  });

  it.each(['listed-only', 'with-extra-fields'])(
    'reads a video under video-record-fields: %s (§2)',
    async (value) => {
      const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'r' }] });
      const got = await mock.client.getVideo(video?.key as string, reading('video-record-fields', value));
      expect(got.videoKey).toBe(video?.key);
      expect('title' in got).toBe(value === 'with-extra-fields');
    },
  );

  it.each([
    ['merge', { a: '1', b: '2' }],
    ['replace', { b: '2' }],
  ])('returns what the server keeps under custom-fields-omitted: %s (§4.4)', async (value, expected) => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'o' }] });
    const key = video?.key as string;
    await mock.client.updateCustomFields(key, { a: '1' });
    const after = await mock.client.updateCustomFields(
      key,
      { b: '2' },
      reading('custom-fields-omitted', value),
    );
    expect(after.simpleCustomFields).toEqual(expected);
  });
});
