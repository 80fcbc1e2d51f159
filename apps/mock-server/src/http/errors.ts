/**
 * Errors (§7): one error class, and one renderer that gives the body the shape of the
 * `error-shape` reading. The validation status is the `error-codes` reading. No stack trace ever
 * reaches a client.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { RequestReadings } from '../readings/request-readings.js';
import { respond } from './respond.js';

/** One problem of a request: a JSON Pointer into the body (or a parameter) and what was wrong. */
export interface FieldProblem {
  pointer: string;
  message: string;
}

/**
 * An error the mock answers with: status, a short code and title, a detail sentence that says what
 * was wrong, where and what is accepted, and for validation the problems per pointer.
 *
 * @example
 * throw new MockHttpError(404, 'not-found', 'Video not found', 'No video has the key "v-9".');
 */
export class MockHttpError extends Error {
  override name = 'MockHttpError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly errors: FieldProblem[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** A validation failure, answered 400 or 422 per the `error-codes` reading. */
export function validationError(readings: RequestReadings, detail: string, errors: FieldProblem[]) {
  const status = readings.get('error-codes') === 'validation-422' ? 422 : 400;
  return new MockHttpError(status, 'validation-failed', 'Request validation failed', detail, errors);
}

/** Turns zod issues into pointer/message pairs under `root` (e.g. '' for the body). */
export function problemsFromZod(error: z.ZodError, root = ''): FieldProblem[] {
  return error.issues.map((issue) => ({
    pointer:
      `${root}/${issue.path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`.replace(
        /\/$/,
        '',
      ),
    message: issue.message,
  }));
}

/** The error body in the shape of the reading; returns the body and its media type. */
export function errorBody(error: MockHttpError, shape: string): { body: unknown; contentType: string } {
  const errors = error.errors.length > 0 ? error.errors : undefined;
  if (shape === 'message-object') {
    return { body: { message: error.detail, ...(errors && { errors }) }, contentType: 'application/json' };
  }
  if (shape === 'error-object') {
    return {
      body: { error: { code: error.code, message: error.detail, ...(errors && { details: errors }) } },
      contentType: 'application/json',
    };
  }
  return {
    body: {
      type: `urn:video-api-mock:problem:${error.code}`,
      title: error.title,
      status: error.status,
      detail: error.detail,
      ...(errors && { errors }),
    },
    contentType: 'application/problem+json',
  };
}

/** The response for `error`, in the shape of the `error-shape` reading. */
export function renderError(error: MockHttpError, readings: RequestReadings): Response {
  const { body, contentType } = errorBody(error, readings.get('error-shape'));
  return respond(JSON.stringify(body), error.status, readings, contentType, error.headers);
}

/** An unexpected failure: logged by the caller, answered 500 without any internal detail. */
export function internalError(): MockHttpError {
  return new MockHttpError(
    500,
    'internal',
    'Internal error',
    'The mock failed to handle this request; see its log.',
  );
}

export function notFound(what: string): MockHttpError {
  return new MockHttpError(404, 'not-found', 'Not found', what);
}
