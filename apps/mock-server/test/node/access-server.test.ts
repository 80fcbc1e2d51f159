/**
 * The access policy of a served mock, over real HTTP with raw Host headers (node:http): DNS
 * rebinding (a page's name in Host) is refused, this machine's names are served; `--allowed-host`
 * through parseCliArgs; the admin API answers its own origin only; bound to a non-loopback address
 * without an admin token, one warning line at start and `GET /__mock/access` says so.
 */
import { request } from 'node:http';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/node/cli/cli-args.js';
import { type RunningServer, type ServerOptions, startServer } from '../../src/node/server/server.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: ServerOptions = {}): Promise<{ port: number; server: RunningServer }> {
  const server = await startServer({ port: 0, ...options });
  servers.push(server);
  return { port: Number(new URL(server.url).port), server };
}

/** One request to 127.0.0.1:`port` with the headers as given (Host included). */
function raw(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a served mock and the Host header', () => {
  it('refuses Host: evil.example (DNS rebinding) with 403, naming the flag, and changes nothing', async () => {
    const { port, server } = await serve();
    await server.app.mock.seed([{ title: 'kept' }]);
    for (const [method, path] of [
      ['GET', '/api/v1/videos/v-0001'],
      ['POST', '/__mock/reset'],
      ['GET', '/__mock/journal'],
    ] as const) {
      const answer = await raw(
        port,
        path,
        { host: `evil.example:${port}`, authorization: 'Bearer mock-token' },
        method,
      );
      expect(answer.status).toBe(403);
      expect(answer.headers['x-mock-error']).toBe('host-not-allowed');
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(answer.body).detail).toContain('--allowed-host evil.example');
    }
    expect(await server.app.mock.journal()).toEqual([]);
    const kept = await raw(port, '/api/v1/videos/v-0001', {
      host: `127.0.0.1:${port}`,
      authorization: 'Bearer mock-token',
    });
    expect(kept.status).toBe(200);
  });

  it('serves localhost names, IP literals and this machine’s name by default', async () => {
    const { port } = await serve();
    const hosts = [
      `localhost:${port}`,
      'LOCALHOST.',
      `app.localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      '192.168.1.20',
      hostname(),
      hostname().toUpperCase(),
    ];
    for (const host of hosts) expect((await raw(port, '/openapi.json', { host })).status, host).toBe(200);
  });

  it('serves the --streaming-base host and the bound host name', async () => {
    const { port } = await serve({ host: 'localhost', streamingBase: 'http://media.example.test:9000' });
    expect((await raw(port, '/openapi.json', { host: 'media.example.test:9000' })).status).toBe(200);
    expect((await raw(port, '/openapi.json', { host: 'other.example.test' })).status).toBe(403);
  });

  it('serves what --allowed-host adds (parsed by parseCliArgs): a name, a .domain, or * for any', async () => {
    const { options } = parseCliArgs(['--allowed-host', 'api.example.test', '--allowed-host', '.corp.test']);
    expect(options.allowedHosts).toEqual(['api.example.test', '.corp.test']);
    const { port } = await serve(options);
    for (const host of ['api.example.test', 'corp.test', 'mock.team.corp.test:4010'])
      expect((await raw(port, '/openapi.json', { host })).status, host).toBe(200);
    expect((await raw(port, '/openapi.json', { host: 'evil.example' })).status).toBe(403);
    const any = await serve(parseCliArgs(['--allowed-host', '*']).options);
    expect((await raw(any.port, '/openapi.json', { host: 'evil.example' })).status).toBe(200);
  });
});

describe('a served mock and the Origin header', () => {
  it('answers its own origin on the admin API, and refuses a localhost page of another port', async () => {
    const { port } = await serve();
    const own = await raw(port, '/__mock/journal', {
      host: `127.0.0.1:${port}`,
      origin: `http://127.0.0.1:${port}`,
    });
    expect([own.status, own.headers['access-control-allow-origin']]).toEqual([
      200,
      `http://127.0.0.1:${port}`,
    ]);
    const other = await raw(port, '/__mock/journal', {
      host: `127.0.0.1:${port}`,
      origin: 'http://localhost:5173',
    });
    expect([other.status, other.headers['x-mock-error']]).toEqual([403, 'origin-not-allowed']);
    const preflight = await raw(
      port,
      '/__mock/reset',
      { host: `127.0.0.1:${port}`, origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const api = await raw(port, '/openapi.json', {
      host: `127.0.0.1:${port}`,
      origin: 'http://localhost:5173',
    });
    expect([api.status, api.headers['access-control-allow-origin']]).toEqual([200, 'http://localhost:5173']);
  });
});

describe('bound to a non-loopback address', () => {
  const start = async (options: ServerOptions) => {
    const lines: string[] = [];
    const { port } = await serve({ logger: (line) => lines.push(line), ...options });
    const access = JSON.parse(
      (await raw(port, '/__mock/access', { host: `127.0.0.1:${port}`, ...authOf(options) })).body,
    );
    return { lines: lines.map((line) => JSON.parse(line) as { level: string; msg: string }), access };
  };
  const authOf = (options: ServerOptions): Record<string, string> =>
    options.adminToken === undefined ? {} : { authorization: `Bearer ${options.adminToken}` };

  it('without an admin token, warns once at start, and GET /__mock/access says so', async () => {
    const { lines, access } = await start({ host: '0.0.0.0' });
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    const text = warnings[0]?.msg ?? '';
    for (const words of [
      'anyone who can reach',
      'reset the state',
      'read the journal',
      'register webhooks',
      '--admin-token T',
    ])
      expect(text).toContain(words);
    expect(access).toMatchObject({ adminToken: false, exposed: true, warning: text });
    expect(access.allowedHosts).toEqual(
      expect.arrayContaining(['localhost', '.localhost', hostname().toLowerCase()]),
    );
  });

  it.each([
    ['with an admin token', { host: '0.0.0.0', adminToken: 'admin-secret' }, true],
    ['on 127.0.0.1', { host: '127.0.0.1' }, false],
    ['on localhost', { host: 'localhost' }, false],
  ])('%s, does not warn', async (_name, options: ServerOptions, exposed) => {
    const { lines, access } = await start(options);
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
    expect(access).toMatchObject({ adminToken: options.adminToken !== undefined, exposed });
    expect(access.warning).toBeUndefined();
    expect(JSON.stringify(access)).not.toContain('admin-secret');
  });

  it('keeps quiet under --log-level silent', async () => {
    const { lines } = await start({ host: '0.0.0.0', logLevel: 'silent' });
    expect(lines).toEqual([]);
  });
});
