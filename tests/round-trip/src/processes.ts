/**
 * The processes still running from given folders: what a step that forgot to stop its server
 * leaves behind (after a short grace period for those being stopped).
 */
import { processesMentioning } from '@video-api/test-support';

/** Command lines of live processes that mention one of `folders`, after up to `graceMs`. */
export async function processesUnder(folders: string[], graceMs = 2000): Promise<string[]> {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const found = processesMentioning(folders);
    if (found.length === 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
