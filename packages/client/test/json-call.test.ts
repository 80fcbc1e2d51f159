/**
 * The four JSON operations sent without openapi-fetch: the Request a custom fetch gets (URL,
 * headers merged as openapi-fetch merges them, body, and the attempt's signal as `request.signal`)
 * and how a 2xx body is read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortedError, createVideoApiClient, TimeoutError, UnexpectedResponseError } from '../src/index.js';
import { json, scriptedFetch, video } from './support/scripted-fetch.js';

const base = 'http://api.example';

describe('the Request a custom fetch gets', () => {
  it('has the URL with the key encoded, the JSON body and its Content-Type (§4.3, §4.4)', async () => {
    const script = scriptedFetch(json(video('a/b c')));
    const client = createVideoApiClient({ baseUrl: base, token: 't', fetch: script.fetch });
    await client.updateCustomFields('a/b c', { note: 'x' });
    const [seen] = script.seen;
    expect(seen?.url).toBe(`${base}/api/v1/videos/a%2Fb%20c/custom-fields`);
    expect(seen?.method).toBe('PUT');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ simpleCustomFields: { note: 'x' } });
    expect(seen?.headers.get('content-type')).toBe('application/json');
    await client.getVideo('v-1');
    expect(script.seen[1]?.headers.has('content-type')).toBe(false);
  });

  it('merges client and call headers by name in any case, later wins, never two values', () => {
    const name = fc
      .constantFrom('content-type', 'x-trace', 'authorization')
      .chain((header) => fc.tuple(fc.constant(header), fc.array(fc.boolean(), { minLength: header.length })))
      .map(([header, upper]) => [...header].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    const value = fc.stringMatching(/^[a-z0-9/]{1,12}$/);
    return fc.assert(
      fc.asyncProperty(name, value, name, value, async (clientName, clientValue, callName, callValue) => {
        const script = scriptedFetch(json(video('v-1')));
        const client = createVideoApiClient({
          baseUrl: base,
          fetch: script.fetch,
          headers: { [clientName]: clientValue },
        });
        await client.updateCustomFields('v-1', {}, { headers: { [callName]: callValue } });
        const headers = script.seen[0]?.headers as Headers;
        expect(headers.get(callName)).toBe(callValue);
        if (clientName.toLowerCase() !== callName.toLowerCase())
          expect(headers.get(clientName)).toBe(clientValue);
      }),
      { numRuns: 40 },
    );
  });

  it("carries the attempt's signal, aborted by the timeout with the reason it gives", async () => {
    let signal: AbortSignal | undefined;
    const client = createVideoApiClient({
      baseUrl: base,
      fetch: (request) => {
        signal = request.signal;
        return new Promise(() => {});
      },
    });
    const error = await client.getVideo('v-1', { timeoutMs: 5, retry: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(signal?.aborted).toBe(true);
    expect(String(signal?.reason)).toMatch(/timed out after 5 ms/);
  });

  it("carries the caller's abort into clones of the Request", async () => {
    let clone: Request | undefined;
    const client = createVideoApiClient({
      baseUrl: base,
      fetch: (request) => {
        clone = request.clone();
        return new Promise(() => {});
      },
    });
    const controller = new AbortController();
    const pending = client.getVideo('v-1', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow(AbortedError);
    expect(clone?.signal.aborted).toBe(true);
  });

  it('is not aborted when the call completes, and the timer is gone', async () => {
    let signal: AbortSignal | undefined;
    const client = createVideoApiClient({
      baseUrl: base,
      timeoutMs: 20,
      fetch: async (request) => {
        signal = request.signal;
        return json(video('v-1'));
      },
    });
    await expect(client.getVideo('v-1')).resolves.toMatchObject({ videoKey: 'v-1' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(signal?.aborted).toBe(false);
  });
});

describe('a 2xx body', () => {
  it.each([
    ['204', () => new Response(null, { status: 204 })],
    ['an empty 200', () => new Response('', { status: 200 })],
  ])('is an empty body when %s', async (_, answer) => {
    const client = createVideoApiClient({ baseUrl: base, fetch: async () => answer() });
    const error = await client.getVideo('v-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/with an empty body/);
  });
});

describe('a clone of the Request a custom fetch gets', () => {
  it('keeps the method, headers and body', async () => {
    let text = '';
    const client = createVideoApiClient({
      baseUrl: base,
      token: 't',
      fetch: async (request) => {
        const copy = request.clone();
        text = await copy.text();
        expect(copy.headers.get('authorization')).toBe('Bearer t');
        expect(copy.method).toBe('PUT');
        return json(video('v-1'));
      },
    });
    await client.updateCustomFields('v-1', { views: 3 });
    expect(JSON.parse(text)).toEqual({ simpleCustomFields: { views: 3 } });
  });
});
