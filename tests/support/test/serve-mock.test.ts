import { describe, expect, it } from 'vitest';
import { serveMock } from '../src/index.js';

type Rule = { route: string; errorStatus: number };

/** A stand-in for the mock: answers the status of its first rule, 200 without one. */
function fakeMock() {
  const state = { rules: [] as Rule[], closed: false };
  return {
    state,
    fetch: () => new Response(null, { status: state.rules[0]?.errorStatus ?? 200 }),
    mock: {
      faults: {
        set(rules: Rule[]) {
          state.rules = rules;
        },
      },
      close() {
        state.closed = true;
      },
    },
  };
}

describe('serveMock', () => {
  it("sets the app's fault rules before it serves", async () => {
    const served = await serveMock(fakeMock, { rules: [{ route: 'getVideo', errorStatus: 503 }] });
    try {
      expect((await fetch(`${served.url}/api/v1/videos/v-1`)).status).toBe(503);
    } finally {
      await served.close();
    }
  });

  it('closes an app it made from the factory, and leaves an app it was given open', async () => {
    const made = await serveMock(fakeMock);
    await made.close();
    expect(made.app.state.closed).toBe(true);
    const given = fakeMock();
    const served = await serveMock(given);
    await served.close();
    expect(given.state.closed).toBe(false);
  });

  it('leaves the requests it is told to hang unanswered, and serves the others', async () => {
    const served = await serveMock(fakeMock, {
      fault: (request) => (request.method === 'PUT' ? 'hang' : undefined),
    });
    try {
      const put = fetch(served.url, { method: 'PUT', signal: AbortSignal.timeout(200) });
      await expect(put).rejects.toMatchObject({ name: 'TimeoutError' });
      expect((await fetch(served.url)).status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('closes the server, with the connection of the request, when told the server dies', async () => {
    const served = await serveMock(fakeMock, { fault: (_request, n) => (n === 2 ? 'die' : undefined) });
    expect((await fetch(served.url)).status).toBe(200);
    await expect(fetch(served.url)).rejects.toThrow(TypeError);
    await expect(fetch(served.url)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
    await served.close();
  });
});
