/**
 * The flow a frontend team's test runs in a DOM environment (jsdom, happy-dom) under msw, with the
 * client's defaults: create, upload a Blob with progress, wait, read and write fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedDom } from '../../src/upload/default-transport.js';
import { mswMock } from './msw-mock.js';

export function describeDomFlow(environment: string): void {
  describe(`the client with its defaults under msw, in Vitest's ${environment} environment`, () => {
    let msw: ReturnType<typeof mswMock>;
    beforeAll(() => {
      msw = mswMock();
    });
    afterAll(() => msw.close());

    it('is in a DOM emulation whose XMLHttpRequest the client does not use', () => {
      expect(typeof XMLHttpRequest).toBe('function');
      expect(typeof window).toBe('object');
      expect(emulatedDom(globalThis)).toBe(true);
    });

    it('creates, uploads a Blob with progress to its total, waits until ready and reads the fields', async () => {
      const client = msw.client();
      const [video] = await client.createVideos({ projectKey: 'demo', videos: [{ title: environment }] });
      const key = video?.key as string;
      // Over two 256 KiB slices, so progress moves in steps before its total.
      const bytes = Uint8Array.from({ length: 300 * 1024 }, (_, at) => at % 251);
      const blob = new Blob([bytes], { type: 'video/mp4' });
      expect(blob).toBeInstanceOf(Blob); // the environment's own Blob
      const progress: number[] = [];
      const result = await client.uploadSource(key, blob, {
        onProgress: ({ loaded, total }) => {
          expect(total).toBe(bytes.byteLength);
          progress.push(loaded);
        },
      });
      expect(result.status).toBeGreaterThanOrEqual(200);
      expect(result.status).toBeLessThan(300);
      expect(progress.at(-1)).toBe(bytes.byteLength);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(await msw.mock.sourceOf(key)).toMatchObject({
        size: bytes.byteLength,
        contentType: 'video/mp4',
      });

      const ready = await client.waitForReady(key, { timeoutMs: 60_000 });
      expect(ready.videoKey).toBe(key);
      const written = await client.updateCustomFields(key, { team: environment });
      expect(written.simpleCustomFields).toMatchObject({ team: environment });
      const read = await client.getVideo(key);
      expect(read).toMatchObject({ videoKey: key, simpleCustomFields: { team: environment } });
    });
  });
}
