/**
 * A real HTTP receiver for webhook tests: listens on 127.0.0.1 and an ephemeral port, keeps every
 * request (headers and raw body), and answers with the status the test chooses.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VideoEvent } from '../../src/webhooks/index.js';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

/** `respond(n)` gives the status of the n-th request (0-based); `hang` leaves requests unanswered. */
export function startReceiver(respond: (n: number) => number | 'hang' = () => 204): Promise<Receiver> {
  const received: Received[] = [];
  const waiting: Array<{ count: number; done: () => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const status = respond(received.length);
      received.push({ headers: request.headers, body, json: JSON.parse(body) as Record<string, unknown> });
      for (const waiter of waiting.filter((w) => received.length >= w.count)) waiter.done();
      if (status !== 'hang') response.writeHead(status).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        received,
        waitFor: (count) =>
          received.length >= count ? Promise.resolve() : new Promise((done) => waiting.push({ count, done })),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let clock = Date.parse('2026-01-01T00:00:00.000Z');

/** A state change as the app emits it. */
export function videoEvent(videoKey: string, state: string, previousState: string | null): VideoEvent {
  clock += 1000;
  return {
    videoKey,
    state,
    previousState,
    occurredAt: new Date(clock).toISOString(),
    video: { videoKey, simpleCustomFields: { note: 'hello' }, status: state },
  };
}

/** The basic lifecycle of one video (video-states=basic): created → processing → ready. */
export function lifecycle(videoKey: string): VideoEvent[] {
  return [
    videoEvent(videoKey, 'created', null),
    videoEvent(videoKey, 'processing', 'created'),
    videoEvent(videoKey, 'ready', 'processing'),
  ];
}

export const header = (r: Received, name: string): string | undefined => {
  const value = r.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};
