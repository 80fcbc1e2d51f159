/**
 * waitForReady with the default readiness check under every combination of the readings
 * `readiness-field` × `video-record-fields` × `video-states` (from the spec), against a mock that
 * some test file provides (msw in Node or jsdom, or HTTP). The client's sleep advances the mock's
 * virtual clock (the mock README's recipe), so the deadline must hold with it too.
 */
import { formatReadingList, type ReadingChoice, readingsOf } from '@video-api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playlistUrl,
  TimeoutError,
  type VideoApiClient,
  type VideoApiClientOptions,
} from '../../src/index.js';
import type { Readiness } from '../../src/wait/types.js';

export interface MatrixMock {
  client(options: Partial<VideoApiClientOptions>): VideoApiClient;
  close(): Promise<void>;
}

const readinessCombinations: ReadingChoice[] = readingsOf('readiness-field').flatMap((field) =>
  readingsOf('video-record-fields').flatMap((fields) =>
    readingsOf('video-states').map((states) => ({
      'readiness-field': field,
      'video-record-fields': fields,
      'video-states': states,
    })),
  ),
);

export function describeReadinessMatrix(where: string, start: () => Promise<MatrixMock>): void {
  describe(`waitForReady with the default check settles under every readiness combination, ${where}`, () => {
    let mock: MatrixMock;
    beforeAll(async () => {
      mock = await start();
    });
    afterAll(() => mock.close());

    it('covers the 18 combinations of the spec', () => {
      expect(readinessCombinations).toHaveLength(18);
    });

    describe.each(readinessCombinations.map((choice) => [formatReadingList(choice)]))('%s', (readings) => {
      const client = () => mock.client({ headers: { 'X-Mock-Reading': readings } });

      it('is ready once processed, and only then', async () => {
        const api = client();
        const [created] = await api.createVideos({ projectKey: 'demo', videos: [{ title: 'matrix' }] });
        const key = created?.key as string;
        await api.uploadSource(key, new Uint8Array(1024));
        const verdicts: Readiness[] = [];
        const video = await api.waitForReady(key, {
          timeoutMs: 60_000,
          onPoll: ({ readiness }) => void verdicts.push(readiness),
        });
        expect(video.videoKey).toBe(key);
        // Processing takes 2 s of the mock's clock: the first poll, right after the upload, is pending.
        expect(verdicts[0]).toBe('pending');
        expect(verdicts.at(-1)).toBe('ready');
        // The playlist create returned plays now: the verdict was true.
        const playlist = playlistUrl(created as NonNullable<typeof created>) as string;
        expect((await globalThis.fetch(playlist)).status).toBe(200);
      });

      it('times out, with the virtual-clock sleep, when the video never becomes ready', async () => {
        const api = client();
        const [created] = await api.createVideos({ projectKey: 'demo', videos: [{ title: 'never' }] });
        const key = created?.key as string; // never uploaded: never ready
        const error = await api.waitForReady(key, { timeoutMs: 10_000 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(TimeoutError);
        expect((error as TimeoutError).message).toMatch(`video ${key} was not ready after 10000 ms`);
      });
    });
  });
}
