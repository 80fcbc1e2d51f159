/**
 * Stand-ins for real deployments in front of a test server: a Node proxy that serves under a path
 * prefix, over HTTPS with a certificate made at test time (openssl), refuses routes (a split
 * upload host), answers a seeded share of requests 429 with Retry-After, and counts what it sees
 * (declared lengths, videos created).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathOf } from '../../src/support/operations.js';

export interface ProxyOptions {
  /** Where requests go, e.g. `http://127.0.0.1:4010`. */
  upstream: string;
  /** Served under this prefix (`/svc`): a request outside it is a 404. */
  prefix?: string;
  /** Serve HTTPS with this certificate. */
  tls?: Certificate;
  /** Answer 404 to the requests this selects (a route the host does not have). */
  refuse?: (method: string, path: string) => boolean;
  /** Answer this share of requests 429 with `Retry-After` (default `0`), drawn from `seed`. */
  limiter?: { share: number; seed: number; retryAfter?: string };
}

export interface Proxy {
  url: string;
  /** The largest Content-Length declared in a request. */
  maxDeclared: number;
  /** Videos the upstream created (2XX answers to create). */
  created: number;
  requests: number;
  limited: number;
  close(): Promise<void>;
}

export interface Certificate {
  key: string;
  cert: string;
  /** The PEM file of the certificate, to give as `--ca`. */
  file: string;
  remove(): void;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temp folder. */
export function selfSigned(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'contract-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(key, 'utf8'),
    cert: readFileSync(cert, 'utf8'),
    file: cert,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** mulberry32: the same draws for the same seed. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const MAX_BODY = 64 * 2 ** 20;

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const draw = options.limiter ? seeded(options.limiter.seed) : undefined;
  const prefix = options.prefix ?? '';
  const state = { maxDeclared: 0, created: 0, requests: 0, limited: 0 };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    state.requests += 1;
    const declared = Number(req.headers['content-length'] ?? 0);
    state.maxDeclared = Math.max(state.maxDeclared, declared);
    const url = new URL(req.url ?? '/', 'http://proxy');
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : undefined;
    const method = req.method ?? 'GET';
    if (declared > MAX_BODY) return void res.writeHead(413).end();
    if (path === undefined || options.refuse?.(method, path))
      return void res.writeHead(404).end('no such route');
    if (draw && draw() < (options.limiter?.share ?? 0)) {
      state.limited += 1;
      req.resume();
      return void res.writeHead(429, { 'retry-after': options.limiter?.retryAfter ?? '0' }).end('slow down');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.entries(req.headers).filter(
      ([name]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name),
    ) as Array<[string, string]>;
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${options.upstream}${path}${url.search}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const text = Buffer.from(await answer.arrayBuffer());
    if (method === 'POST' && path === pathOf('createVideos') && answer.ok) {
      const created = JSON.parse(text.toString()) as unknown;
      if (Array.isArray(created)) state.created += created.length;
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
        out[name] = value;
    });
    res.writeHead(answer.status, out).end(text);
  };
  const listener = (req: IncomingMessage, res: ServerResponse) =>
    void handle(req, res).catch(() => res.headersSent || res.writeHead(502).end());
  const server = options.tls
    ? createHttps({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createHttp(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}${prefix}`,
    get maxDeclared() {
      return state.maxDeclared;
    },
    get created() {
      return state.created;
    },
    get requests() {
      return state.requests;
    },
    get limited() {
      return state.limited;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
