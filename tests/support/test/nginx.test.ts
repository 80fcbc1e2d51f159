/** startNginx: a real nginx round-robin over two node:http servers, streaming a 50 MB upload and an event stream, reloaded to one upstream. */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listenHttp, type StartedNginx, startNginx } from '../src/index.js';

interface Seen {
  host?: string;
  forwardedFor?: string;
  bytes: number;
}

const seen: Record<string, Seen[]> = { a: [], b: [] };
let a: Listening;
let b: Listening;
let lb: StartedNginx;

const upstream = (name: 'a' | 'b') =>
  listenHttp((req, res) => {
    const entry: Seen = {
      host: req.headers.host,
      forwardedFor: req.headers['x-forwarded-for'] as string,
      bytes: 0,
    };
    seen[name]?.push(entry);
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      setTimeout(() => res.end('data: second\n\n'), 500);
      return;
    }
    req.on('data', (chunk: Buffer) => {
      entry.bytes += chunk.length;
    });
    req.on('end', () => res.end(JSON.stringify({ name, bytes: entry.bytes })));
  });

beforeAll(async () => {
  [a, b] = await Promise.all([upstream('a'), upstream('b')]);
  lb = await startNginx({ upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
}, 600_000); // the first run on a machine without nginx installs it with apt-get

afterAll(async () => {
  await lb?.stop();
  await Promise.all([a?.close(), b?.close()]);
});

const servedBy = async (path = '/') => {
  const response = await fetch(`${lb.url}${path}`);
  const body = (await response.json()) as { name: string };
  return { header: response.headers.get('x-upstream'), name: body.name };
};

describe('startNginx', () => {
  it('alternates requests between the upstreams and says which served', async () => {
    const served = [];
    for (let i = 0; i < 6; i += 1) served.push(await servedBy());
    const names = served.map((s) => s.name);
    expect(names.filter((n) => n === 'a')).toHaveLength(3);
    for (let i = 1; i < names.length; i += 1) expect(names[i]).not.toBe(names[i - 1]);
    for (const { header, name } of served) {
      expect(header).toBe(`127.0.0.1:${name === 'a' ? a.port : b.port}`);
    }
  });

  it('passes the Host the client sent and X-Forwarded-For', async () => {
    await servedBy();
    const last = [...(seen.a ?? []), ...(seen.b ?? [])].at(-1);
    expect(last?.host).toBe(`127.0.0.1:${lb.port}`);
    expect(last?.forwardedFor).toBe('127.0.0.1');
  });

  it('streams a 50 MB POST body to the upstream without a size limit or a temp file', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const reply = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = request(`${lb.url}/upload`, { method: 'POST' }, (res) => {
        let body = '';
        res.on('data', (part: Buffer) => {
          body += part.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', reject);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump(); // chunked: nginx cannot know the size up front
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ bytes: size });
    expect(lb.errorLog()).not.toMatch(/buffered to a temporary file|too large/);
  }, 60_000);

  it('passes an event stream on as it is written, not when it ends', async () => {
    const started = Date.now();
    const response = await fetch(`${lb.url}/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    expect(firstAt).toBeLessThan(400); // the second event comes 500 ms later
    while (!(await reader.read()).done) {
      // drain
    }
  });

  it('reloads to one upstream', async () => {
    await lb.reload([`127.0.0.1:${b.port}`]);
    const served = [];
    for (let i = 0; i < 4; i += 1) served.push(await servedBy());
    expect(served.map((s) => s.name)).toEqual(['b', 'b', 'b', 'b']);
    expect(new Set(served.map((s) => s.header))).toEqual(new Set([`127.0.0.1:${b.port}`]));
  });

  it('refuses a reload to no upstream and keeps serving', async () => {
    await expect(lb.reload([])).rejects.toThrow(/at least one upstream/);
    expect((await servedBy()).name).toBe('b');
  });
});
