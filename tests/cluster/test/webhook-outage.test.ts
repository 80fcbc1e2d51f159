/**
 * A receiver down for 10 minutes of the clock while an instance restarts: webhook deliveries are
 * jobs in the database, so the events queued through any instance, retried by any instance as the
 * clock is advanced, and taken up by the others while one is killed (kill -9) and started again,
 * all arrive once the receiver is back: every event acknowledged exactly once by its id, in order.
 */
import type { IncomingMessage } from 'node:http';
import { type Listening, listenHttp } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { createVideos, send } from '../src/api.js';
import { clusterPerFile } from '../src/cluster-per-file.js';
import { type Instance, killNine, startInstance } from '../src/instance.js';

const cluster = clusterPerFile('cluster_webhooks', ['--processing-ms', '0']);

interface Received {
  id: string;
  videoKey: string;
  accepted: boolean;
}

/** A receiver that answers 503 while `down`, 204 otherwise; `received` is every delivery. */
async function flakyReceiver(): Promise<{ server: Listening; received: Received[]; down: boolean }> {
  const receiver = { received: [] as Received[], down: true } as {
    server: Listening;
    received: Received[];
    down: boolean;
  };
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { videoKey: string } };
  };
  receiver.server = await listenHttp((request, response) => {
    void read(request).then((body) => {
      const accepted = !receiver.down;
      const id = String(request.headers['webhook-id']);
      receiver.received.push({ id, videoKey: body.data.videoKey, accepted });
      response.writeHead(accepted ? 204 : 503).end();
    });
  });
  return receiver;
}

let receiver: Awaited<ReturnType<typeof flakyReceiver>> | undefined;
afterAll(async () => {
  await receiver?.server.close();
});

const advance = (base: string, ms: number) => send(base, 'POST', '/__mock/clock/advance', { ms });

describe('a receiver down for 10 minutes of the clock while an instance restarts', () => {
  it('loses no event: each arrives exactly once by its id, in order', async () => {
    const hooks = await flakyReceiver();
    receiver = hooks;
    const { url, instances, dataDir, databaseUrl } = cluster();
    const registered = await send<{ id: string }>(url, 'POST', '/__mock/webhooks', {
      url: `${hooks.server.url}/hooks`,
    });
    expect(registered.status).toBe(201);

    const keys: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await createVideos(url, [`a${i}`, `b${i}`]);
      expect(created.status).toBe(200);
      keys.push(...created.body.map((video) => video.key));
    }
    const [, victim] = instances as [Instance, Instance, Instance];
    const port = Number(new URL(victim.url).port);
    for (let minute = 1; minute <= 10; minute++) {
      const before = hooks.received.length;
      expect((await advance(url, 60_000)).status).toBe(200);
      // the retry that came due is made (and refused) by whichever instance takes it; after the
      // kill, once the lease of an attempt the killed instance held has ended
      expect(await until(() => hooks.received.length > before, 60_000)).toBe(true);
      if (minute === 4) await killNine(victim);
      if (minute === 6) {
        instances[1] = await startInstance({
          databaseUrl,
          dataDir,
          port,
          args: ['--processing-ms', '0'],
        });
      }
    }
    const refusedWhileDown = hooks.received.length;
    hooks.down = false;
    expect((await advance(url, 60_000)).status).toBe(200);
    const arrived = await until(() => accepted(hooks).length >= keys.length, 60_000);
    const ids = accepted(hooks).map((r) => r.id);
    console.log(
      `webhooks: ${refusedWhileDown} attempts refused while down, ${ids.length} accepted after, ` +
        `${hooks.received.length} in all`,
    );
    expect(arrived, `${ids.length} of ${keys.length} events accepted`).toBe(true);
    expect(refusedWhileDown, 'attempts were made (and refused) while the receiver was down').toBeGreaterThan(
      0,
    );
    expect(new Set(ids).size, 'each event accepted once by its id').toBe(ids.length);
    expect(accepted(hooks).map((r) => r.videoKey)).toEqual(keys);
    const pending = await send<{ pending: unknown[] }>(url, 'GET', '/__mock/webhooks/pending');
    expect(pending.body.pending).toEqual([]);
    const givenUp = await send<{ givenUp: unknown[] }>(url, 'GET', '/__mock/webhooks/given-up');
    expect(givenUp.body.givenUp).toEqual([]);
  });
});

function accepted(from: { received: Received[] }): Received[] {
  return from.received.filter((r) => r.accepted);
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
