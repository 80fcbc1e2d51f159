/**
 * requestHeader reads Node's parsed message instead of building a WHATWG Headers; over a real
 * socket it must give what `c.req.header()` gives for any set of header lines (repeats joined
 * with ", ", names in any case, values with outer spaces), and fall back to the Request in-process.
 */
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
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

let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw header lines and returns the JSON answer (one request per connection). */
function exchange(lines: string[]): Promise<Record<string, [string | null, string | null]>> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      try {
        resolve(JSON.parse(body));
      } catch {
        reject(new Error(`not JSON: ${text}`));
      }
    });
    socket.end(`GET /h HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
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
