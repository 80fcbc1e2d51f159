/** The in-process fuzz target: a mock app with a few seeded videos and a small upload limit. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';

/** Upload limit of the fuzz target, small so that the 413 path is reached often. */
const FUZZ_MAX_UPLOAD_BYTES = 200;

export interface FuzzTargetOptions {
  /** Keep state in SQLite in a temporary data dir instead of memory. */
  dataDir?: boolean;
  /** Play readings drawn from this seed instead of the spec's defaults. */
  randomReadings?: number;
}

/**
 * A fresh mock app, the keys of its seeded videos, and `close` (which also removes the data dir).
 *
 * @example
 * const { app, keys, close } = await createFuzzTarget({ dataDir: true });
 * await close();
 */
export async function createFuzzTarget(options: FuzzTargetOptions = {}) {
  const dataDir = options.dataDir ? mkdtempSync(join(tmpdir(), 'reliability-fuzz-')) : undefined;
  const app = createApp({
    maxUploadBytes: FUZZ_MAX_UPLOAD_BYTES,
    processingMs: 50,
    ...(dataDir !== undefined && { dataDir }),
    ...(options.randomReadings !== undefined && {
      readings: 'random' as const,
      seed: options.randomReadings,
    }),
  });
  const keys = await app.mock.seed([
    { title: 'one' },
    { title: 'two', simpleCustomFields: { views: 1 } },
    { title: 'three' },
  ]);
  const close = async () => {
    await app.mock.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, keys, close };
}
