/**
 * The console's reader of server-sent events over fetch (src/console/browser/event-stream.ts): the
 * events of a stream as the journal's stream writes them (event, id, data; comments as heartbeats;
 * LF, CRLF or CR line ends), the same however the bytes are cut into chunks (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEvents, type StreamEvent } from '../../src/console/browser/event-stream.js';

/** A stream of `bytes` cut at `cuts`. */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [0, ...at, bytes.length]
    .slice(1)
    .map((end, i, ends) => bytes.slice(i === 0 ? 0 : ends[i - 1], end));
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function eventsOf(text: string, cuts: number[] = []): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  await readEvents(streamOf(new TextEncoder().encode(text), cuts), (event) => events.push(event));
  return events;
}

const STREAM = [
  ': heartbeat',
  'event: entry',
  'id: 7',
  'data: {"seq":7,"path":"/api/v1/videos/v-ü"}',
  '',
  'event: resync',
  'data: 8',
  '',
  'data: line one',
  'data:line two',
  '',
  'event: reset',
  'data',
  '',
  'event: unfinished',
  'data: never dispatched',
].join('\n');

const EXPECTED: StreamEvent[] = [
  { type: 'entry', data: '{"seq":7,"path":"/api/v1/videos/v-ü"}', id: '7' },
  { type: 'resync', data: '8', id: '7' },
  { type: 'message', data: 'line one\nline two', id: '7' },
  { type: 'reset', data: '', id: '7' },
];

describe('readEvents', () => {
  it('reads the events, their types, ids and data, and skips comments', async () => {
    expect(await eventsOf(STREAM)).toEqual(EXPECTED);
    expect(await eventsOf(STREAM.replace(/\n/g, '\r\n'))).toEqual(EXPECTED);
    expect(await eventsOf(STREAM.replace(/\n/g, '\r'))).toEqual(EXPECTED);
  });

  it('reads the same events however the bytes are cut, whatever the line ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        async (cuts, end) => {
          expect(await eventsOf(STREAM.replace(/\n/g, end), cuts)).toEqual(EXPECTED);
        },
      ),
      { numRuns: 300 },
    );
  });
});
