/**
 * Reads the JSON body of an admin request with the bounds the API's JSON bodies have
 * (src/json-body.ts): 415 unless JSON, 413 past MAX_JSON_BYTES (early on Content-Length, and
 * while streaming a chunked body, which is never buffered whole), 400 when empty or not JSON.
 */
import type { Context } from 'hono';
import { MockHttpError } from '../http/errors.js';
import { MAX_JSON_BYTES, readJson } from '../http/json-body.js';
import { RequestReadings, readingSet } from '../readings/request-readings.js';
import { requestHeader } from '../http/request-headers.js';

/** The body read, or why not: status, short code, and what was wrong with the body as a phrase. */
export type AdminBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; code: string; problem: string };

/** The admin API answers bad JSON with 400 whatever the server's `error-codes` reading. */
const ADMIN_READINGS = readingSet({ 'error-codes': 'validation-400' });

function hasNoBody(c: Context): boolean {
  return c.req.raw.body === null || requestHeader(c, 'content-length')?.trim() === '0';
}

/**
 * The parsed body of `c`. Never throws for bad input.
 *
 * @example
 * const body = await readAdminBody(c);
 * if (!body.ok) return c.json({ message: `The body ${body.problem}.` }, body.status);
 */
export async function readAdminBody(c: Context): Promise<AdminBody> {
  if (hasNoBody(c)) {
    return {
      ok: false,
      status: 400,
      code: 'invalid-json',
      problem: 'is empty; this route needs a JSON body',
    };
  }
  try {
    return { ok: true, value: await readJson(c, new RequestReadings(ADMIN_READINGS)) };
  } catch (error) {
    if (!(error instanceof MockHttpError)) {
      // The stream failed (the client went away): nobody reads the answer, but say what happened.
      return { ok: false, status: 400, code: 'invalid-json', problem: 'could not be read' };
    }
    if (error.status === 415) {
      const type = requestHeader(c, 'content-type') ?? '';
      const got = type === '' ? 'no Content-Type' : `Content-Type "${type}"`;
      return {
        ok: false,
        status: 415,
        code: 'unsupported-media-type',
        problem: `must be JSON (Content-Type: application/json); got ${got}`,
      };
    }
    if (error.status === 413) {
      return {
        ok: false,
        status: 413,
        code: 'payload-too-large',
        problem: `is larger than ${MAX_JSON_BYTES} bytes (1 MiB), the most an admin body may be`,
      };
    }
    if (error.status === 400) {
      const detail = error.detail.replace(/\.$/, '');
      const problem = detail.startsWith('The body ')
        ? detail.slice('The body '.length)
        : `could not be read (${detail})`;
      return { ok: false, status: 400, code: 'invalid-json', problem };
    }
    throw error;
  }
}
