/**
 * The journal as Server-Sent Events (`GET /__mock/journal/stream`): each entry an `entry` event
 * whose id is its sequence number, so a client that reconnects (EventSource sends Last-Event-ID)
 * misses nothing the journal still holds. A web ReadableStream (Node, msw, edge alike), read by
 * cursor: a subscriber holds a sequence number, not a queue, so a slow one costs the request path
 * nothing and grows nothing; one that falls behind what the journal keeps gets `resync`.
 */
import type { Journal } from '../state/journal.js';

/** Timing of a stream; the defaults suit a page, tests shorten them. */
export interface StreamTiming {
  /** A comment sent this often while nothing else is, so proxies and idle timeouts keep the stream. */
  heartbeatMs?: number;
  /** How long entries are gathered into one chunk after the first arrives. */
  batchMs?: number;
}

/** Entries sent in one chunk at most. */
const BATCH_MAX = 100;
const HEARTBEAT_MS = 15_000;
const BATCH_MS = 25;

/** The stream's media type and the headers that keep caches and proxies from holding it. */
const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};

const encoder = new TextEncoder();

/** Neither timer keeps a process alive (Node's timers have unref; a browser's are numbers). */
function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}

/**
 * A response that streams the journal's entries after `since` as they are recorded; it ends when
 * the journal is cleared (a `reset` event first: the client reconnects and starts afresh) or
 * closed, when `signal` aborts, or when its reader cancels.
 *
 * @example
 * admin.get('/journal/stream', (c) => journalStream(journal, journal.lastSeq, c.req.raw.signal));
 */
export function journalStream(
  journal: Journal,
  since: number,
  signal?: AbortSignal,
  timing: StreamTiming = {},
): Response {
  let cursor = since;
  let wake: (() => void) | undefined;
  let batch: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let unlisten = () => {};
  let ended = false;

  const next = (): string | undefined => {
    const { entries, missed } = journal.after(cursor, BATCH_MAX);
    if (missed) {
      cursor = journal.lastSeq;
      return `id: ${cursor}\nevent: resync\ndata: ${JSON.stringify({ lastSeq: cursor })}\n\n`;
    }
    if (entries.length === 0) return undefined;
    cursor = (entries.at(-1) as { seq: number }).seq;
    let text = '';
    for (const entry of entries) text += `id: ${entry.seq}\nevent: entry\ndata: ${JSON.stringify(entry)}\n\n`;
    return text;
  };

  const stop = () => {
    ended = true;
    unlisten();
    clearInterval(heartbeat);
    clearTimeout(batch);
    signal?.removeEventListener('abort', onAbort);
    wake?.();
  };
  let end = (_last?: string) => stop();
  const onAbort = () => end();

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        end = (last) => {
          if (ended) return;
          stop();
          if (last !== undefined) controller.enqueue(encoder.encode(last));
          controller.close();
        };
        if (signal?.aborted) return end();
        signal?.addEventListener('abort', onAbort);
        // On the request path: wakes a waiting reader once per batch, and does nothing for a busy one.
        unlisten = journal.listen((event) => {
          if (event === 'record') {
            if (wake !== undefined && batch === undefined) {
              batch = setTimeout(() => {
                batch = undefined;
                wake?.();
              }, timing.batchMs ?? BATCH_MS);
            }
          } else end(event === 'clear' ? 'event: reset\ndata: {}\n\n' : undefined);
        });
        heartbeat = setInterval(() => {
          if ((controller.desiredSize ?? 0) > 0) controller.enqueue(encoder.encode(': heartbeat\n\n'));
        }, timing.heartbeatMs ?? HEARTBEAT_MS);
        unref(heartbeat);
        controller.enqueue(encoder.encode(`retry: 2000\n: journal after ${cursor}\n\n`));
      },
      async pull(controller) {
        while (!ended) {
          const text = next();
          if (text !== undefined) return controller.enqueue(encoder.encode(text));
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
      },
      cancel: () => stop(),
    },
    { highWaterMark: 1 },
  );
  return new Response(stream, { status: 200, headers: HEADERS });
}
