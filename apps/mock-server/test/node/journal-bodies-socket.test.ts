/**
 * The journal's bodies of requests served by Node: kept as the header lines Node parsed and the
 * body's text, not as the Request; shown as the client sent them, Authorization cut to its scheme.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/node/server/server.js';
import { BODY_TEXT_CAP } from '../../src/state/journal-bodies.js';
import type { JournalEntry, JournalExchange } from '../../src/state/types.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A PUT of `body` with the header lines given as they go on the wire (names repeated as given). */
function put(
  url: string,
  body: string,
  lines: [string, string][],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // Header lines as an array are sent as they are: Node adds neither Host nor Content-Length.
    const framing: [string, string][] = [
      ['Host', new URL(url).host],
      ['Content-Length', String(Buffer.byteLength(body))],
    ];
    const sent = request(url, { method: 'PUT', headers: [...framing, ...lines].flat() }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    sent.on('error', reject).end(body);
  });
}

async function lastExchange(base: string): Promise<JournalExchange> {
  const { entries } = (await (await fetch(`${base}/__mock/journal`)).json()) as { entries: JournalEntry[] };
  const seq = entries.at(-1)?.seq ?? 0;
  return (await (await fetch(`${base}/__mock/journal/entries/${seq}`)).json()) as JournalExchange;
}

describe('journal bodies over a socket', () => {
  it('shows the header lines and the body text the client sent, and the answer it got', async () => {
    const server = await startServer({ port: 0, realTimeClock: false });
    servers.push(server);
    const [key] = await server.app.mock.seed([{ title: 'clip' }]);
    const body = JSON.stringify({ simpleCustomFields: { note: 'over a socket' } });
    const answer = await put(`${server.url}/api/v1/videos/${key}/custom-fields`, body, [
      ['Authorization', 'Bearer mock-token'],
      ['Content-Type', 'application/json'],
      ['X-Trace', 'a'],
      ['X-Trace', 'b'],
    ]);
    expect(answer.status).toBe(200);
    const { kept, request: sent, response } = await lastExchange(server.url);
    expect(kept).toBe(true);
    expect(sent?.headers).toMatchObject({
      authorization: 'Bearer [redacted]',
      'content-type': 'application/json',
      'x-trace': 'a, b',
    });
    expect(sent?.body).toEqual({
      kind: 'text',
      contentType: 'application/json',
      text: body,
      length: body.length,
      truncated: false,
    });
    expect(response?.body).toMatchObject({ kind: 'text', text: answer.text });
  });

  it('cuts a long request text at 64 Ki characters and states its whole length', async () => {
    const server = await startServer({ port: 0, realTimeClock: false });
    servers.push(server);
    const [key] = await server.app.mock.seed([{ title: 'clip' }]);
    const body = JSON.stringify({ simpleCustomFields: { note: 'n'.repeat(BODY_TEXT_CAP + 100) } });
    const answer = await put(`${server.url}/api/v1/videos/${key}/custom-fields`, body, [
      ['Authorization', 'Bearer mock-token'],
      ['Content-Type', 'application/json'],
    ]);
    expect(answer.status).toBe(200);
    const { request: sent } = await lastExchange(server.url);
    expect(sent?.body).toEqual({
      kind: 'text',
      contentType: 'application/json',
      text: body.slice(0, BODY_TEXT_CAP),
      length: body.length,
      truncated: true,
    });
  });
});
