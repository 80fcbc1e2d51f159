/**
 * Reads JSON request bodies, bounded, for the public API and the admin API alike: one reader that
 * never throws for bad input and says what was wrong as a result with a status and a code.
 */
import type { Context } from 'hono';
import type { RequestReadings } from '../readings/request-readings.js';
import { concatBytes } from '../shared/bytes.js';
import { tapBody } from '../state/journal-bodies.js';
import { wrongMediaType } from './conditions.js';
import type { HostRequest, MockEnv } from './context.js';
import { aborted, type HttpError, tooLarge, validationError } from './errors.js';
import { requestHeader } from './request-headers.js';

/** Largest JSON body the mock reads (create and custom-fields bodies are small). */
export const MAX_JSON_BYTES = 1024 * 1024;

/** Why a body could not be taken. */
export type BodyProblem =
  | { status: 415; code: 'unsupported-media-type'; type: string }
  | { status: 413; code: 'payload-too-large' }
  | { status: 400; code: 'aborted' }
  | { status: 400; code: 'invalid-json'; problem: string; message: string };

export type JsonBody = { ok: true; value: unknown } | ({ ok: false } & BodyProblem);

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The host's request, when served over a socket (Node's HTTP parser holds the body to its Content-Length). */
const hostOf = (c: Context): HostRequest | undefined => {
  const env: MockEnv['Bindings'] | undefined = c.env;
  return env?.host;
};

const overSocket = (c: Context): boolean => hostOf(c) !== undefined;

class TooLarge extends Error {}

/**
 * Whether the request has no body. Served over a socket, its framing headers say (asking the
 * Request for its body there would make @hono/node-server build a web stream for every request).
 */
function hasNoBody(c: Context, length: number): boolean {
  if (length === 0) return true;
  if (overSocket(c)) return Number.isNaN(length) && requestHeader(c, 'transfer-encoding') === undefined;
  return c.req.raw.body === null;
}

/**
 * The body's bytes. A body whose Content-Length is within the bound, served over a socket, is
 * read in one go from the host's request (`HostRequest.readBody`: no web stream, no copy);
 * otherwise chunk by chunk, stopping past the bound.
 */
async function readBytes(c: Context, whole: boolean): Promise<Uint8Array> {
  const host = whole ? hostOf(c) : undefined;
  if (host) return host.readBody();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A reader, not `for await`: not every runtime's ReadableStream is async-iterable (Safari's).
  const reader = c.req.raw.body?.getReader();
  if (reader) {
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        size += read.value.byteLength;
        if (size > MAX_JSON_BYTES) throw new TooLarge();
        chunks.push(read.value);
      }
    } catch (error) {
      await reader.cancel().catch(() => {}); // read no more of a body that is refused
      throw error;
    }
  }
  return concatBytes(chunks, size);
}

const invalid = (problem: string, message: string): JsonBody => ({
  ok: false,
  status: 400,
  code: 'invalid-json',
  problem,
  message,
});

/**
 * The parsed JSON body of `c`, or why not: 400 `invalid-json` for no body at all, 415 for a media
 * type other than JSON, 413 beyond
 * MAX_JSON_BYTES (early on Content-Length, and while streaming), 400 `aborted` for a body cut
 * short, 400 `invalid-json` for one that is empty, not UTF-8 (RFC 8259 §8.1) or not JSON.
 *
 * @example
 * const body = await readJsonBody(c);
 * if (!body.ok) return answer(body.status, body.code);
 */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  const declared = requestHeader(c, 'content-length');
  const length = declared === undefined ? Number.NaN : Number(declared);
  // No body at all is said as such, whatever its (absent) media type.
  if (hasNoBody(c, length)) return invalid('is empty; send a JSON body', 'empty');
  const type = requestHeader(c, 'content-type') ?? '';
  if (!JSON_TYPE.test(type)) return { ok: false, status: 415, code: 'unsupported-media-type', type };
  if (Number.isFinite(length) && length > MAX_JSON_BYTES)
    return { ok: false, status: 413, code: 'payload-too-large' };
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(c, Number.isFinite(length) && overSocket(c));
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, status: 413, code: 'payload-too-large' };
    return { ok: false, status: 400, code: 'aborted' };
  }
  if (bytes.byteLength === 0) return invalid('is empty; send a JSON body', 'empty');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return invalid('is not valid UTF-8 (JSON text must be UTF-8, RFC 8259 §8.1)', 'not valid UTF-8');
  }
  tapBody(c.req.raw, text); // the journal shows this very text, on demand
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return invalid(`is not valid JSON: ${(error as Error).message}`, 'not valid JSON');
  }
}

/** The public API's error for a body that could not be taken (validation status per `error-codes`). */
function bodyError(problem: BodyProblem, readings: RequestReadings): HttpError {
  switch (problem.code) {
    case 'unsupported-media-type':
      return wrongMediaType('JSON (Content-Type: application/json)', problem.type, readings);
    case 'payload-too-large':
      return tooLarge('The JSON body', MAX_JSON_BYTES);
    case 'aborted':
      return aborted(
        'The request body ended before it was complete (the connection closed, or the chunked framing was broken).',
      );
    case 'invalid-json':
      return validationError(readings, `The body ${problem.problem}.`, [
        { pointer: '', message: problem.message },
      ]);
  }
}

/**
 * The parsed JSON body of a public API request, or the error that answers it.
 *
 * @example
 * const body: unknown = await readJson(c, c.get('readings'));
 */
export async function readJson(c: Context, readings: RequestReadings): Promise<unknown> {
  const body = await readJsonBody(c);
  if (!body.ok) throw bodyError(body, readings);
  return body.value;
}
