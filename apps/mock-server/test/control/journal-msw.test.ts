/**
 * The journal's stream and bodies under msw in Node (setupServer, plain fetch, a base URL with a
 * path prefix): entries arrive as events, one entry's bodies are served, mock.close() ends the stream.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type VideoApiHandlers, videoApiHandlers } from '../../src/msw.js';
import type { JournalExchange } from '../../src/state/types.js';
import { AUTH } from '../support/api.js';

const BASE = 'https://api.example.test/video';
let served: VideoApiHandlers;
const server = setupServer();

beforeAll(() => {
  served = videoApiHandlers({ baseUrl: BASE, realTimeClock: false });
  server.resetHandlers(...served.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

/** The next `id:` lines of the stream, read until `count` are seen. */
async function ids(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string[]> {
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const found = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => match[1] as string);
    if (found.length >= count) return found;
    const read = await reader.read();
    if (read.done) return found;
    text += decoder.decode(read.value, { stream: true });
  }
}

describe('the journal under msw', () => {
  it('streams entries, serves their bodies, and ends the stream on close', async () => {
    const stream = await fetch(`${BASE}/__mock/journal/stream`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const sent = JSON.stringify({ projectKey: 'demo', videos: [{ title: 'Under msw' }] });
    const created = await fetch(`${BASE}/api/v1/videos`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: sent,
    });
    const answered = await created.text();
    const [seq = ''] = await ids(reader, 1);
    const exchange = (await (await fetch(`${BASE}/__mock/journal/entries/${seq}`)).json()) as JournalExchange;
    expect(exchange.entry.path).toBe('/api/v1/videos');
    expect(exchange.request?.body).toMatchObject({ kind: 'text', text: sent });
    expect(exchange.response?.body).toMatchObject({ kind: 'text', text: answered });
    await served.mock.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
