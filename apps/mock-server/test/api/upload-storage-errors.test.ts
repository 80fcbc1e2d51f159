/**
 * An upload whose sink fails (a full disk, a quota, an I/O error) is the server's error: 507 for
 * ENOSPC, EDQUOT and EIO (the device could not store it), in every error shape, logged at error with the path, and the
 * video keeps no source. A portable sink whose write fails stands in for the disk.
 */
import { errorDetail, readingsOf } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { webPlatform } from '../../src/platform.js';
import type { SourceSink } from '../../src/state/source-sink.js';

const AUTH = { authorization: 'Bearer mock-token' };

/** A sink whose every write fails with the system error `code` at `path`. */
function failingSink(code: string, path = '/data/tmp/1.part'): SourceSink & { aborted: number } {
  const sink = {
    maxFileBytes: undefined,
    aborted: 0,
    begin() {
      return {
        write() {
          throw Object.assign(new Error(`${code}: failed, write`), { code, path });
        },
        commit: () => 'never',
        abort() {
          sink.aborted += 1;
        },
      };
    },
    dispose() {},
  };
  return sink;
}

async function upload(code: string, shape: string) {
  const lines: string[] = [];
  const sink = failingSink(code);
  const app = createApp(
    { readings: { 'error-shape': shape }, logLevel: 'error', logger: (line) => lines.push(line) },
    { ...webPlatform(), openSink: () => sink },
  );
  try {
    const [key = ''] = await app.mock.seed([{ title: 'clip' }]);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(256 * 1024)]), 'clip.mp4');
    const response = await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: AUTH,
      body: form,
    });
    const body: unknown = await response.json();
    return { response, body, lines, sink, source: await app.mock.sourceOf(key) };
  } finally {
    await app.mock.close();
  }
}

describe('an upload whose sink fails', () => {
  describe.each(readingsOf('error-shape'))('under error-shape %s', (shape) => {
    it.each(['ENOSPC', 'EDQUOT'])(
      '%s is 507 naming the space, logged at error with the path',
      async (code) => {
        const { response, body, lines, sink, source } = await upload(code, shape);
        expect(response.status).toBe(507);
        expect(errorDetail(body)).toMatch(/no space left on the device that holds the mock's uploads/i);
        const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(logged).toContainEqual(
          expect.objectContaining({ level: 'error', code, path: '/data/tmp/1.part' }),
        );
        expect(sink.aborted).toBe(1);
        expect(source).toBeUndefined();
      },
    );

    it('EIO is a 507 that says the server failed to write, not a 400', async () => {
      const { response, body, lines, source } = await upload('EIO', shape);
      expect(response.status).toBe(507);
      expect(errorDetail(body)).toMatch(/could not write the mock's uploads \(EIO\)/);
      expect(lines.some((line) => line.includes('"EIO"') && line.includes('"level":"error"'))).toBe(true);
      expect(source).toBeUndefined();
    });
  });
});
