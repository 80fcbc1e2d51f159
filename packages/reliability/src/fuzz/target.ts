/** The in-process fuzz target: a mock app with a few seeded videos and a small upload limit. */
import { createApp } from '@video-api/mock-server';

/** Upload limit of the fuzz target, small so that the 413 path is reached often. */
export const FUZZ_MAX_UPLOAD_BYTES = 200;

/**
 * A fresh mock app and the keys of its seeded videos.
 *
 * @example
 * const { app, keys } = createFuzzTarget();
 * await app.mock.close();
 */
export function createFuzzTarget() {
  const app = createApp({ maxUploadBytes: FUZZ_MAX_UPLOAD_BYTES, processingMs: 50 });
  const keys = app.mock.seed([
    { title: 'one' },
    { title: 'two', simpleCustomFields: { views: 1 } },
    { title: 'three' },
  ]);
  return { app, keys };
}
