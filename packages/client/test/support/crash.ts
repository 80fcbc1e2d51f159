/** Batch options that stop a batch as its first upload starts, the way a crash would. */
import type { BatchProgress } from '../../src/batch/types.js';

export function crashAtFirstUpload(): { signal: AbortSignal; onProgress: (event: BatchProgress) => void } {
  const crash = new AbortController();
  return {
    signal: crash.signal,
    onProgress: (event) => {
      if (event.phase === 'uploading') crash.abort();
    },
  };
}
