/**
 * requestHeader reads Node's parsed message instead of building a WHATWG Headers; over a real
 * socket it must give what `c.req.header()` gives for any set of header lines (repeats joined
 * with ", ", names in any case, values with outer spaces), and fall back to the Request in-process.
 */

import { type Listening, rawRequest, serveApp } from '@video-api/test-support';
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader } from '../../src/http/request-headers.js';

const NAMES = ['authorization', 'content-type', 'x-mock-reading', 'origin', 'x-other'];

const app = new Hono();
app.get('/h', (c) => {
  const out: Record<string, [string | null, string | null]> = {};
  for (const name of NAMES) out[name] = [requestHeader(c, name) ?? null, c.req.header(name) ?? null];
  return c.json(out);
});

let server: Listening;
beforeAll(async () => {
  server = await serveApp(app);
});
afterAll(() => server.close());

/** Sends raw header lines and returns the JSON answer (one request per connection). */
async function exchange(lines: string[]): Promise<Record<string, [string | null, string | null]>> {
  const reply = await rawRequest(
    server.port,
    [`GET /h HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${lines.join('\r\n')}\r\n\r\n`],
    { end: true },
  );
  try {
    return JSON.parse(reply.content);
  } catch {
    throw new Error(`not JSON: ${reply.text}${reply.error ? ` (${reply.error})` : ''}`);
  }
}

const caseOf = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(''));
const value = fc
  .tuple(
    fc.constantFrom('', ' ', '  ', '\t'),
    fc.stringMatching(/^[A-Za-z0-9=;,/+.-]([A-Za-z0-9 =;,/+.-]{0,20}[A-Za-z0-9=;,/+.-])?$/),
    fc.constantFrom('', ' ', '\t '),
  )
  .map(([before, text, after]) => `${before}${text}${after}`);
const line = fc
  .tuple(fc.constantFrom(...NAMES).chain(caseOf), value)
  .map(([name, text]) => `${name}:${text}`);

describe('requestHeader over a socket', () => {
  it('gives what Headers.get gives, for any header lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 8 }), async (lines) => {
        const answer = await exchange(lines);
        for (const name of NAMES) {
          const [fast, standard] = answer[name] ?? [];
          expect(fast, `${name} of ${JSON.stringify(lines)}`).toBe(standard);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('joins a repeated Authorization header as Headers does', async () => {
    const answer = await exchange(['Authorization: Bearer a', 'authorization: Bearer b']);
    expect(answer.authorization).toEqual(['Bearer a, Bearer b', 'Bearer a, Bearer b']);
  });
});

describe('requestHeader in-process', () => {
  it('reads the Request when there is no Node message', async () => {
    const response = await app.request('/h', { headers: { 'X-Mock-Reading': ' a=b ' } });
    const answer = (await response.json()) as Record<string, [string | null, string | null]>;
    expect(answer['x-mock-reading']).toEqual(['a=b', 'a=b']);
    expect(answer.origin).toEqual([null, null]);
  });
});
