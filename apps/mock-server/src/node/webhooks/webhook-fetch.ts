/**
 * The fetch of webhook deliveries under Node: node:http/node:https with a lookup that applies the
 * target rules (src/webhooks/target-rules.ts) to every address a name resolves to, at connect
 * time, and literal addresses checked before connecting (Node does not look them up). One
 * connection per request, no redirect followed (the 3xx is returned, as `redirect: 'manual'`).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { parseAllowList } from '../../webhooks/allow-list.js';
import { parseIp } from '../../webhooks/ip-address.js';
import type { ResolvingFetch } from '../../webhooks/target-check.js';
import { resolvedRefusal, targetRefusal, WebhookTargetRefused } from '../../webhooks/target-rules.js';
import { guardedLookup, resolveAll } from './guarded-lookup.js';

export interface WebhookFetchOptions {
  /** The `allowWebhookTargets` entries. */
  allow: readonly string[];
  /** The DNS lookup connections use; default `dns.lookup` (tests give their own). */
  lookup?: LookupFunction;
}

/** Statuses whose answer has no body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('This operation was aborted', 'AbortError');
}

function toResponse(res: http.IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) {
    res.destroy();
    throw new TypeError(`the receiver answered status ${status}, which a fetch Response cannot carry`);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
    headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
  const empty = NULL_BODY.has(status) || method === 'HEAD';
  if (empty) res.resume();
  const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}

/**
 * A fetch for webhook deliveries that refuses link-local and metadata targets at connect time;
 * its `resolveAll` resolves a name with the same lookup (what registration checks).
 *
 * @example
 * const fetch = createWebhookFetch({ allow: [] });
 * await fetch('http://169.254.169.254/latest/meta-data/'); // rejects: WebhookTargetRefused, no connection made
 */
export function createWebhookFetch(options: WebhookFetchOptions): ResolvingFetch {
  const allow = parseAllowList(options.allow);
  const fetchOne = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(`webhook target ${url.href}: only http: and https: are fetched`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = targetRefusal(request.url, allow);
    if (literal !== undefined) throw new WebhookTargetRefused(literal);
    const check = (address: string) => {
      const refused = resolvedRefusal(request.url, address, allow);
      return refused === undefined ? undefined : new WebhookTargetRefused(refused);
    };
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const { signal } = request;
    if (signal.aborted) throw abortReason(signal);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body !== undefined) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request({
        protocol: url.protocol,
        hostname: host,
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        agent: false,
        // Node looks up names only; a literal address was checked above.
        ...(parseIp(host) === undefined && { lookup: guardedLookup(check, options.lookup) }),
      });
      const onAbort = () => req.destroy(abortReason(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      req.once('close', () => signal.removeEventListener('abort', onAbort));
      // As the global fetch: a network error is a TypeError whose cause is Node's (`ECONNREFUSED`).
      req.once('error', (error) => {
        if (signal.aborted || error instanceof WebhookTargetRefused)
          reject(signal.aborted ? abortReason(signal) : error);
        else reject(new TypeError('fetch failed', { cause: error }));
      });
      req.once('response', (res) => {
        try {
          resolve(toResponse(res, request.method));
        } catch (error) {
          reject(error);
        }
      });
      req.end(body);
    });
  };
  return Object.assign(fetchOne, {
    resolveAll: (hostname: string) => resolveAll(hostname, options.lookup),
  }) as ResolvingFetch;
}
