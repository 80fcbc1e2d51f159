/** Reads a JSON request body with a size bound, as a 4xx on anything unreadable. */
import type { Context } from 'hono';
import { MockHttpError, validationError } from './errors.js';
import type { RequestReadings } from './readings.js';

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

/**
 * The parsed JSON body of `c`: 415 for a media type other than JSON, 413 beyond MAX_JSON_BYTES,
 * a validation error (400/422) for text that is not JSON.
 *
 * @example
 * const body: unknown = await readJson(c, readings);
 */
export async function readJson(c: Context, readings: RequestReadings): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new MockHttpError(
      415,
      'unsupported-media-type',
      'Unsupported media type',
      `The body must be JSON (Content-Type: application/json); got ${type === '' ? 'no Content-Type' : `"${type}"`}.`,
    );
  }
  const length = Number(c.req.header('content-length'));
  if (Number.isFinite(length) && length > MAX_JSON_BYTES) throw tooLarge();
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
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw validationError(readings, `The body is not valid JSON: ${(error as Error).message}.`, [
      { pointer: '', message: 'not valid JSON' },
    ]);
  }
}
