/** Reads a JSON request body with a size bound, as a 4xx on anything unreadable. */
import type { Context } from 'hono';
import { MockHttpError, validationError } from './errors.js';
import type { RequestReadings } from '../readings/request-readings.js';
import { requestHeader } from './request-headers.js';

/** Largest JSON body the mock reads (create and custom-fields bodies are small). */
export const MAX_JSON_BYTES = 1024 * 1024;

function tooLarge(): MockHttpError {
  return new MockHttpError(
    413,
    'payload-too-large',
    'Payload too large',
    `The JSON body is larger than ${MAX_JSON_BYTES} bytes.`,
  );
}

/** Served by @hono/node-server: Node's HTTP parser holds the body to its Content-Length. */
function overSocket(c: Context): boolean {
  return (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
}

/**
 * A body whose Content-Length is within the bound (Node's parser stops at that length, so the
 * body is no longer): read in one go, which @hono/node-server takes straight from the socket's
 * buffer, without a web stream.
 */
async function readWhole(c: Context): Promise<Uint8Array> {
  return new Uint8Array(await c.req.raw.arrayBuffer());
}

/** A body without a usable Content-Length (chunked): read chunk by chunk, 413 past the bound. */
async function readBounded(c: Context): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const body = c.req.raw.body;
  if (body) {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_JSON_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/** The body's bytes; a body cut short (the client went away, broken chunked framing) is a 400. */
async function readBytes(c: Context, whole: boolean): Promise<Uint8Array> {
  try {
    return whole ? await readWhole(c) : await readBounded(c);
  } catch (error) {
    if (error instanceof MockHttpError) throw error;
    throw new MockHttpError(
      400,
      'aborted',
      'Request aborted',
      'The request body ended before it was complete (the connection closed, or the chunked framing was broken).',
    );
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text; bytes that are not UTF-8 are refused rather than replaced (RFC 8259 §8.1). */
function decode(bytes: Uint8Array, readings: RequestReadings): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw validationError(readings, 'The body is not valid UTF-8 (JSON text must be UTF-8, RFC 8259 §8.1).', [
      { pointer: '', message: 'not valid UTF-8' },
    ]);
  }
}

/**
 * The parsed JSON body of `c`: 415 for a media type other than JSON, 413 beyond MAX_JSON_BYTES,
 * a validation error (400/422) for text that is not JSON.
 *
 * @example
 * const body: unknown = await readJson(c, readings);
 */
export async function readJson(c: Context, readings: RequestReadings): Promise<unknown> {
  const type = requestHeader(c, 'content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new MockHttpError(
      415,
      'unsupported-media-type',
      'Unsupported media type',
      `The body must be JSON (Content-Type: application/json); got ${type === '' ? 'no Content-Type' : `"${type}"`}.`,
    );
  }
  const declared = requestHeader(c, 'content-length');
  const length = declared === undefined ? Number.NaN : Number(declared);
  if (Number.isFinite(length) && length > MAX_JSON_BYTES) throw tooLarge();
  const text = decode(await readBytes(c, Number.isFinite(length) && overSocket(c)), readings);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw validationError(readings, `The body is not valid JSON: ${(error as Error).message}.`, [
      { pointer: '', message: 'not valid JSON' },
    ]);
  }
}
