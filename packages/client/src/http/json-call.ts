/**
 * One attempt of a JSON operation (create §4.1, get §4.3, update §4.4), sent straight to fetch.
 * The URL, headers and body are what openapi-fetch builds for the same call, but the headers that
 * do not change between calls are merged once per client, and the 2xx body is read once: openapi-
 * fetch alone cost 1.27x a plain fetch of an in-process app per call, the budget of the whole client.
 */
import type { SentOperationId } from '../operations.js';
import { errorFromResponse } from './response-error.js';
import type { AttemptSignal } from './signals.js';

/** One call: its operation, method, path with its parameters encoded, body and headers of its own. */
export interface JsonCall {
  operation: SentOperationId;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Set over the client's headers (a call's own, or the token a `getToken` gave). */
  headers?: Record<string, string> | undefined;
}

/** The 2xx answer: its JSON body (undefined when empty) and the response itself. */
export interface JsonAnswer {
  data: unknown;
  response: Response;
}

/**
 * The Request a custom fetch gets: its `signal` is the attempt's, made when first read (by an app
 * that honours it, or by `clone()`), so an in-process app that never reads it costs no AbortSignal.
 * A custom fetch that hands the Request on to another fetch passes `{ signal: request.signal }`.
 */
class AttemptRequest extends Request {
  readonly #attempt: AttemptSignal;
  constructor(url: string, init: RequestInit, attempt: AttemptSignal) {
    super(url, init);
    this.#attempt = attempt;
  }
  override get signal(): AbortSignal {
    return this.#attempt.signal ?? super.signal;
  }
  override clone(): Request {
    // A runtime's clone follows the Request's own signal, not this getter: the copy follows ours.
    return new Request(super.clone(), { signal: this.signal });
  }
}

/** `records` merged as openapi-fetch merges headers (case-insensitive, later wins), as a record. */
function merged(...records: (Record<string, string> | undefined)[]): Record<string, string> {
  const headers = new Headers();
  for (const record of records)
    for (const [name, value] of Object.entries(record ?? {})) headers.set(name, value);
  return Object.fromEntries(headers);
}

/**
 * A sender of JSON calls under `baseUrl` with the client's `headers`, through `fetch` (a custom
 * one: raced against the attempt's abort, in case it ignores the signal) or else global fetch
 * (looked up per call, so that a fetch installed later, e.g. by msw, is used; given the signal).
 */
export function jsonSender(options: {
  baseUrl: string;
  headers: Record<string, string>;
  fetch: ((request: Request) => Promise<Response>) | undefined;
}): (call: JsonCall, attempt: AttemptSignal) => Promise<JsonAnswer> {
  const custom = options.fetch;
  const bare = merged(options.headers);
  // No Content-Type without a body; with one, the client's headers may still name another.
  const json = merged({ 'Content-Type': 'application/json' }, options.headers);
  return async (call, attempt) => {
    const init: RequestInit = {
      method: call.method,
      headers: call.body === undefined ? bare : json,
    };
    if (call.headers !== undefined)
      init.headers = merged(init.headers as Record<string, string>, call.headers);
    if (call.body !== undefined) init.body = JSON.stringify(call.body);
    const url = `${options.baseUrl}${call.path}`;
    let response: Response;
    if (custom === undefined) {
      const signal = attempt.signal;
      response = await globalThis.fetch(new Request(url, init), signal && { signal });
    } else {
      response = await attempt.race(custom(new AttemptRequest(url, init, attempt)));
    }
    if (!response.ok) throw await errorFromResponse(response, call.operation);
    // As openapi-fetch reads a 2xx: no body (204, Content-Length 0) is undefined, else JSON.
    const text = await response.text();
    return { data: text === '' ? undefined : JSON.parse(text), response };
  };
}
