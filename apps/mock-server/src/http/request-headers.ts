/**
 * Request headers without a WHATWG Headers per request: served over a socket, a header is read
 * from the host's header lines (`HostRequest.rawHeaders`, Node's parsed message); elsewhere
 * (app.request, other runtimes) from the Request. Same value either way: repeated fields joined
 * with ", ", as `Headers.get` does.
 */
import type { Context } from 'hono';
import type { MockEnv } from './context.js';

/** Space or horizontal tab: optional whitespace around a field value. */
function isOws(code: number): boolean {
  return code === 32 || code === 9;
}

function trimOws(value: string): string {
  return isOws(value.charCodeAt(0)) || isOws(value.charCodeAt(value.length - 1))
    ? value.replace(/^[\t ]+|[\t ]+$/g, '')
    : value;
}

/**
 * The value of header `name` (lower case), or undefined.
 *
 * @example
 * requestHeader(c, 'authorization'); // 'Bearer mock-token'
 */
export function requestHeader(c: Context, name: string): string | undefined {
  return headerOf(c.req.raw, c.env, name);
}

/**
 * The same for a request that has not reached a Hono context yet (`env`: the bindings it is
 * fetched with, the host's request among them).
 *
 * @example
 * headerOf(request, env, 'x-mock-sandbox'); // 'w1'
 */
export function headerOf(request: Request, env: unknown, name: string): string | undefined {
  const raw = (env as MockEnv['Bindings'] | undefined)?.host?.rawHeaders;
  if (raw === undefined) return request.headers.get(name) ?? undefined;
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const item = trimOws(raw[i + 1] as string);
    value = value === undefined ? item : `${value}, ${item}`;
  }
  return value;
}
