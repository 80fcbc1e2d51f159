/**
 * Webhook receivers that go away (issue 22, item 2): a receiver down for 10 minutes of the mock's
 * virtual clock gets every event once it is back, and a mock SIGKILLed with deliveries pending
 * redelivers them after a restart on the same `--data-dir`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { freePort } from '@video-api/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JSON_AUTH } from '../src/support/http.js';
import { type MockProcess, startMockProcess } from '../src/support/mock-process.js';

interface Received {
  id: string;
  event: string;
  videoKey: string;
}

/** A receiver on a chosen port (the mock keeps one URL; the receiver comes back where it was). */
function listenOn(port: number): Promise<{ server: Server; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { videoKey: string };
      };
      received.push({
        id: String(request.headers['webhook-id']),
        event: body.type,
        videoKey: body.data.videoKey,
      });
      response.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, received })));
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a receiver that is down', () => {
  it('down 10 minutes of the virtual clock, it receives every event once it is back, in order', async () => {
    const port = await freePort();
    const app = createApp({ webhooks: [`http://127.0.0.1:${port}/hooks`], realTimeClock: false });
    cleanups.push(() => app.mock.close());
    const first = await app.mock.seed([{ title: 'a' }, { title: 'b' }, { title: 'c' }]);
    for (const key of first) await app.mock.makeReady(key);
    const later = await app.mock.seed([{ title: 'd' }, { title: 'e' }, { title: 'f' }]);
    const expected = [
      ...first.map((key) => ['video.created', key]),
      ...first.map((key) => ['video.ready', key]),
      ...later.map((key) => ['video.created', key]),
    ];
    const { webhooks } = app.mock;
    // Nothing in flight and nothing due: every due attempt of the step was made (and refused); the
    // events behind the first wait for it (in order), never attempted yet.
    const quiet = () =>
      vi.waitFor(
        async () => {
          const now = await app.mock.now();
          const waiting = webhooks.pending();
          expect(
            waiting.every((p) => !p.inFlight && (p.attempts === 0 || Date.parse(p.nextAttemptAt) > now)),
          ).toBe(true);
        },
        { timeout: 10_000, interval: 5 },
      );
    await quiet();
    for (let step = 0; step < 20; step++) {
      await app.mock.advanceClock(30_000);
      await quiet();
    }
    expect(webhooks.givenUp()).toEqual([]);
    expect(webhooks.pending()).toHaveLength(9);
    const refused = webhooks.deliveries().filter((record) => !record.ok);
    expect(refused.length).toBeGreaterThan(6); // more attempts than the old 6 in ~15 s
    const receiver = await listenOn(port);
    cleanups.push(() => closeServer(receiver.server));
    await app.mock.advanceClock(120_000);
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(9), { timeout: 10_000 });
    await webhooks.idle();
    expect(receiver.received.map((r) => [r.event, r.videoKey])).toEqual(expected);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(9);
    expect(webhooks.pending()).toEqual([]);
  });
});

describe('a mock killed with deliveries pending', () => {
  it('redelivers them to an admin-registered target after a restart on the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reliability-webhooks-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const first: MockProcess = await startMockProcess(['--data-dir', dataDir]);
    cleanups.push(() => first.kill());
    const admin = (base: string, path: string, body?: unknown) =>
      fetch(`${base}/__mock${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: JSON_AUTH,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    const registered = await admin(first.url, '/webhooks', { url, secret: 'kill-9' });
    expect(registered.status).toBe(201);
    const { id } = (await registered.json()) as { id: string };
    const seeded = await admin(first.url, '/seed', {
      videos: [{ title: 'x' }, { title: 'y' }, { title: 'z' }],
    });
    const { keys } = (await seeded.json()) as { keys: string[] };
    // Each event's first attempt was refused: the deliveries are pending when the mock is killed.
    await vi.waitFor(
      async () => {
        const listed = (await (await admin(first.url, '/webhooks/deliveries')).json()) as {
          deliveries: Array<{ ok: boolean }>;
        };
        expect(listed.deliveries.filter((d) => !d.ok).length).toBeGreaterThanOrEqual(3);
      },
      { timeout: 10_000, interval: 50 },
    );
    await first.kill();

    const receiver = await listenOn(port);
    cleanups.push(() => closeServer(receiver.server));
    const second = await startMockProcess(['--data-dir', dataDir]);
    cleanups.push(() => second.stop());
    const targets = (await (await admin(second.url, '/webhooks')).json()) as {
      targets: Array<{ id: string }>;
    };
    expect(targets.targets.map((t) => t.id)).toEqual([id]);
    await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(receiver.received.map((r) => [r.event, r.videoKey])).toEqual(
      keys.map((key) => ['video.created', key]),
    );
  });
});
