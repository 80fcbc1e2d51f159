/** The journal as Server-Sent Events: order, resume, removal of a subscriber, a slow one bounded, reset and stop. */
import { afterEach, describe, expect, it } from 'vitest';
import { journalStream } from '../../src/control/journal-stream.js';
import { startServer } from '../../src/node/server/server.js';
import { Journal, type JournalRecord } from '../../src/state/journal.js';
import { api } from '../support/api.js';

interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** Reads a text/event-stream body event by event (comments skipped). */
function events(body: ReadableStream<Uint8Array> | null) {
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let chunks = 0;
  return {
    reader,
    get chunks() {
      return chunks;
    },
    async next(): Promise<SseEvent | undefined> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') event.data = value;
          }
          if (block.split('\n').every((line) => line.startsWith(':') || line.startsWith('retry'))) continue;
          return event;
        }
        const read = await reader.read();
        if (read.done) return undefined;
        chunks += 1;
        buffered += decoder.decode(read.value, { stream: true });
      }
    },
  };
}

const record = (i: number): JournalRecord => ({
  at: i,
  virtualAt: i,
  method: 'GET',
  path: `/api/v1/videos/v-${i}`,
  operationId: 'getVideo',
  status: 404,
  readings: '',
  durationMs: 0,
});

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('GET /__mock/journal/stream', () => {
  it('sends each request as an entry event, in order, its id the sequence number', async () => {
    const { app, get } = api();
    const stream = events((await app.request('/__mock/journal/stream')).body);
    stops.push(() => stream.reader.cancel());
    for (const key of ['v-1', 'v-2', 'v-3']) await get(key);
    const seen = [await stream.next(), await stream.next(), await stream.next()];
    expect(seen.map((event) => event?.event)).toEqual(['entry', 'entry', 'entry']);
    expect(seen.map((event) => event?.id)).toEqual(['1', '2', '3']);
    expect(seen.map((event) => JSON.parse(event?.data ?? '{}').path)).toEqual([
      '/api/v1/videos/v-1',
      '/api/v1/videos/v-2',
      '/api/v1/videos/v-3',
    ]);
  });

  it('resumes after Last-Event-ID (over ?since), so a reconnect misses nothing the journal holds', async () => {
    const { app, get } = api();
    for (let i = 1; i <= 5; i++) await get(`v-${i}`);
    const res = await app.request('/__mock/journal/stream?since=0', { headers: { 'last-event-id': '2' } });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const stream = events(res.body);
    stops.push(() => stream.reader.cancel());
    const ids = [(await stream.next())?.id, (await stream.next())?.id, (await stream.next())?.id];
    expect(ids).toEqual(['3', '4', '5']);
    const bad = await app.request('/__mock/journal/stream', { headers: { 'last-event-id': 'x' } });
    expect(bad.status).toBe(400);
    expect((await app.request('/__mock/journal/stream?operation=getVideo')).status).toBe(400);
  });

  it('ends with a reset event when the mock is reset', async () => {
    const { app, get } = api();
    const stream = events((await app.request('/__mock/journal/stream')).body);
    await get('v-1');
    expect((await stream.next())?.id).toBe('1');
    await app.request('/__mock/reset', { method: 'POST' });
    expect((await stream.next())?.event).toBe('reset');
    expect(await stream.next()).toBeUndefined();
  });

  it('is ended by the Node server stopping, which does not wait for it', async () => {
    const server = await startServer({ port: 0, realTimeClock: false });
    const res = await fetch(`${server.url}/__mock/journal/stream`);
    const stream = events(res.body);
    await fetch(`${server.url}/api/v1/videos/v-1`);
    expect((await stream.next())?.id).toBe('1');
    await server.close();
    await expect(stream.next()).rejects.toThrow();
  });
});

describe('journalStream', () => {
  it('removes its listener when the request aborts or the reader cancels', async () => {
    const journal = new Journal();
    const aborted = new AbortController();
    const first = events(journalStream(journal, 0, aborted.signal).body);
    const second = events(journalStream(journal, 0).body);
    journal.record(record(1));
    expect((await first.next())?.id).toBe('1');
    expect((await second.next())?.id).toBe('1');
    expect(journal.listeners).toBe(2);
    aborted.abort();
    expect(await first.next()).toBeUndefined();
    expect(journal.listeners).toBe(1);
    await second.reader.cancel();
    expect(journal.listeners).toBe(0);
  });

  it('queues nothing for a subscriber that does not read: it resyncs once it falls behind the journal', async () => {
    const journal = new Journal();
    const stream = events(journalStream(journal, 0, undefined, { batchMs: 0 }).body);
    journal.record(record(1));
    expect((await stream.next())?.id).toBe('1');
    // 25 000 requests while the subscriber reads nothing: the stream holds a cursor, not a queue.
    for (let i = 2; i <= 25_001; i++) journal.record(record(i));
    const chunksBefore = stream.chunks;
    const resync = await stream.next();
    expect(resync).toMatchObject({ event: 'resync', id: '25001' });
    expect(JSON.parse(resync?.data ?? '{}')).toEqual({ lastSeq: 25_001 });
    // What was queued meanwhile: at most one chunk beside the resync.
    expect(stream.chunks - chunksBefore).toBeLessThanOrEqual(2);
    journal.record(record(25_002));
    expect((await stream.next())?.id).toBe('25002');
    await stream.reader.cancel();
    expect(journal.listeners).toBe(0);
  });

  it('sends what a lagging subscriber can still get, oldest first, in batches', async () => {
    const journal = new Journal();
    for (let i = 1; i <= 250; i++) journal.record(record(i));
    const stream = events(journalStream(journal, 100).body);
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) ids.push((await stream.next())?.id ?? '');
    expect(ids).toEqual(Array.from({ length: 150 }, (_, i) => String(101 + i)));
    journal.close();
    expect(await stream.next()).toBeUndefined();
    expect(journal.listeners).toBe(0);
  });
});
