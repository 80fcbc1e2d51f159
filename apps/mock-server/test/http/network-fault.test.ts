import { serveApp } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { createFaults } from '../../src/faults/create-faults.js';
import { ConnectionResetError, isConnectionReset, isNetworkFault } from '../../src/http/network-fault.js';
import { withHostRequest } from '../../src/node/server/host-request.js';
import { tinyApp } from '../faults/helpers.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function causeCode(error: unknown): unknown {
  let cause = (error as { cause?: unknown }).cause;
  while (cause !== undefined && (cause as { code?: unknown }).code === undefined) {
    cause = (cause as { cause?: unknown }).cause;
  }
  return (cause as { code?: unknown } | undefined)?.code;
}

describe('connection resets', () => {
  it('reset the socket over real HTTP: fetch rejects with a TypeError caused by ECONNRESET', async () => {
    const faults = createFaults();
    faults.add({ route: 'getVideo', resetRate: 1, times: 1 });
    const { app, handled } = tinyApp(faults);
    const server = await serveApp(withHostRequest(app)); // as Node's createApp serves: with the host's request
    closers.push(server.close);
    const error = await fetch(`${server.url}/api/v1/videos/v-1`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(causeCode(error)).toBe('ECONNRESET');
    expect(handled).toEqual([]);
    // The server keeps serving once the rule is spent.
    const next = await fetch(`${server.url}/api/v1/videos/v-1`);
    expect(next.status).toBe(200);
    expect(handled).toEqual(['getVideo']);
  });

  it('make app.request() reject in-process, as fetch does on a network error', async () => {
    const faults = createFaults();
    faults.add({ resetRate: 1, times: 1 });
    const { app, handled } = tinyApp(faults);
    const error = await Promise.resolve(app.request('/api/v1/videos/v-1')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(ConnectionResetError);
    expect(isConnectionReset(error)).toBe(true);
    expect(isNetworkFault(error)).toBe(true);
    expect(isNetworkFault(new TypeError('fetch failed'))).toBe(false);
    expect((error as Error).message).toBe('fetch failed');
    expect(causeCode(error)).toBe('ECONNRESET');
    expect(handled).toEqual([]);
    expect((await app.request('/api/v1/videos/v-1')).status).toBe(200);
  });

  it('draw resets from the seed: the same requests are reset in two runs', async () => {
    const run = async () => {
      const faults = createFaults({ seed: 5 });
      faults.add({ resetRate: 0.5 });
      const { app } = tinyApp(faults);
      const outcome: string[] = [];
      for (let i = 0; i < 20; i++) {
        outcome.push(
          await Promise.resolve(app.request('/api/v1/videos/v-1')).then(
            (r) => String(r.status),
            () => 'reset',
          ),
        );
      }
      return outcome;
    };
    const first = await run();
    expect(first).toContain('reset');
    expect(first).toContain('200');
    expect(await run()).toEqual(first);
  });
});
