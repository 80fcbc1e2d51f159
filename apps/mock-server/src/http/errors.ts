/**
 * Errors (§7): one error type, `HttpError(status, options)`, with named factories for the answers
 * the mock gives, and two renderers: the public API's body takes the shape of the `error-shape`
 * reading (the validation status is the `error-codes` reading); the admin API always answers
 * problem+json. No stack trace ever reaches a client.
 */
import { meaningOf, type ReadingOf } from '@video-api/schema';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { RequestReadings } from '../readings/request-readings.js';
import { pointerOf } from '../shared/json-pointer.js';
import { respond } from './respond.js';

/** One problem of a request: a JSON Pointer into the body (or a parameter) and what was wrong. */
export interface FieldProblem {
  pointer: string;
  message: string;
}

export interface HttpErrorOptions {
  /** A short stable code (`not-found`, `validation-failed`, …). */
  code: string;
  title: string;
  /** A sentence that says what was wrong, where and what is accepted. */
  detail: string;
  /** The problems one by one, for validation. */
  issues?: FieldProblem[];
  headers?: Record<string, string>;
  /** What would be accepted, in the admin API's answers (a problem+json extension member). */
  accepted?: unknown;
  /** The mock's own answer (a bad `X-Mock-*` header, a sandbox limit), never a reading: see ./mock-error.ts. */
  mock?: boolean;
  cause?: unknown;
}

/**
 * An error the mock answers with.
 *
 * @example
 * throw new HttpError(404, { code: 'not-found', title: 'Not found', detail: 'No video has the key "v-9".' });
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly issues: FieldProblem[];
  readonly headers: Record<string, string>;
  readonly accepted: unknown;
  readonly mock: boolean;

  constructor(
    readonly status: ContentfulStatusCode,
    options: HttpErrorOptions,
  ) {
    super(options.detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.title = options.title;
    this.detail = options.detail;
    this.issues = options.issues ?? [];
    this.headers = options.headers ?? {};
    this.accepted = options.accepted;
    this.mock = options.mock ?? false;
  }

  /** The same error with more headers (e.g. `connection: close`). */
  withHeaders(headers: Record<string, string>): HttpError {
    return new HttpError(this.status, { ...this, headers: { ...this.headers, ...headers } });
  }
}

/** 404 for a video key no video has. */
export function notFound(key: string): HttpError {
  return new HttpError(404, {
    code: 'not-found',
    title: 'Not found',
    detail: `No video has the key "${key}".`,
  });
}

/** 404 for a request no route matches. */
export function noRoute(method: string, path: string): HttpError {
  return new HttpError(404, {
    code: 'not-found',
    title: 'Not found',
    detail: `No route matches ${method} ${path}.`,
  });
}

/** 413 for a body (`what`) larger than `limit` bytes. */
export function tooLarge(what: string, limit: number, issues?: FieldProblem[]): HttpError {
  return new HttpError(413, {
    code: 'payload-too-large',
    title: 'Payload too large',
    detail: `${what} is larger than ${limit} bytes, the largest this server accepts.`,
    ...(issues && { issues }),
  });
}

/**
 * 415 for a body that is not of the `expected` media type; `got` is the Content-Type sent. The
 * public API answers with the status of the `media-type-refusal` reading (`status`, conditions.ts).
 */
export function unsupportedMediaType(
  expected: string,
  got: string,
  status: ContentfulStatusCode = 415,
): HttpError {
  return new HttpError(status, {
    code: 'unsupported-media-type',
    title: status === 415 ? 'Unsupported media type' : 'Bad request',
    detail: `The body must be ${expected}; got ${got === '' ? 'no Content-Type' : `"${got}"`}.`,
  });
}

/** 400 or 422 (`status`) for a body or query that does not validate. */
export function validationFailed(status: 400 | 422, detail: string, issues: FieldProblem[]): HttpError {
  return new HttpError(status, {
    code: 'validation-failed',
    title: 'Request validation failed',
    detail,
    issues,
  });
}

/** A validation failure of the public API, answered 400 or 422 per the `error-codes` reading. */
export function validationError(
  readings: RequestReadings,
  detail: string,
  issues: FieldProblem[],
): HttpError {
  const [refusal] = meaningOf('error-codes', readings.get('error-codes')).refuses; // §7, as the spec's data says
  return validationFailed(refusal.status, detail, issues);
}

/** 400 for a request body that ended before it was complete. */
export function aborted(detail: string): HttpError {
  return new HttpError(400, { code: 'aborted', title: 'Request aborted', detail });
}

/** A 400 of another kind (`code`), e.g. a bad Host or a bad reading choice. */
export function badRequest(code: string, title: string, detail: string): HttpError {
  return new HttpError(400, { code, title, detail });
}

/** 409 for a request the video's state refuses. */
export function conflict(detail: string): HttpError {
  return new HttpError(409, { code: 'conflict', title: 'Conflict', detail });
}

/** 403 for a token that may not use the video. */
export function forbidden(detail: string): HttpError {
  return new HttpError(403, { code: 'forbidden', title: 'Forbidden', detail });
}

/** An unexpected failure: logged by the caller, answered 500 without any internal detail. */
export function internalError(): HttpError {
  return new HttpError(500, {
    code: 'internal',
    title: 'Internal error',
    detail: 'The mock failed to handle this request; see its log.',
  });
}

/**
 * 507 for a write the mock's own storage refused (ENOSPC, EDQUOT): the server's fault, never the
 * client's, and the mock's own error (`X-Mock-Error: insufficient-storage`, problem+json, whatever
 * the `error-shape` reading: see ./mock-error.ts). `holds` names what the full device holds, e.g.
 * `"the mock's uploads"`; `cause` is the I/O error, kept for the log and never rendered.
 *
 * @example
 * throw insufficientStorage("the mock's uploads", error);
 * // 507, detail: "No space left on the device that holds the mock's uploads; …"
 */
export function insufficientStorage(holds: string, cause?: unknown): HttpError {
  return new HttpError(507, {
    code: 'insufficient-storage',
    title: 'Insufficient storage',
    detail: `No space left on the device that holds ${holds}; nothing was stored. Free space there and retry.`,
    cause,
    mock: true,
  });
}

/**
 * Any other I/O error of the mock's own storage: `holds` names what the storage holds, `code` is
 * the system error code. EIO (the device failed to store it) is 507 like a full device; anything
 * else (a folder removed underneath the mock: ENOENT) is a 500. Either way the server's error, and
 * the mock's own (`X-Mock-Error: storage-failed`).
 */
export function storageFailed(holds: string, code: string, cause?: unknown): HttpError {
  return new HttpError(code === 'EIO' ? 507 : 500, {
    code: 'storage-failed',
    title: 'Storage failed',
    detail: `The mock could not write ${holds} (${code}); nothing was stored. This is the server's error, not the request's; see its log.`,
    cause,
    mock: true,
  });
}

/** Turns zod issues into pointer/message pairs under `root` (e.g. '' for the body). */
export function problemsFromZod(error: z.ZodError, root = ''): FieldProblem[] {
  return error.issues.map((issue) => ({ pointer: pointerOf(issue.path, root), message: issue.message }));
}

/**
 * The public API's error body in the shape of the `error-shape` reading, with the media type the
 * spec gives that reading (its meaning); each body matches the reading's schema there (tested).
 */
function errorBody(
  error: HttpError,
  shape: ReadingOf<'error-shape'>,
): { body: unknown; contentType: string } {
  return { body: ERROR_BODIES[shape](error), contentType: meaningOf('error-shape', shape).mediaType };
}

/** The body of each `error-shape` reading. */
const ERROR_BODIES: Readonly<Record<ReadingOf<'error-shape'>, (error: HttpError) => unknown>> = {
  'problem-json': (error) => problem(error, 'errors'),
  'message-object': (error) => ({ message: error.detail, ...issuesAs('errors', error) }),
  'error-object': (error) => ({
    error: { code: error.code, message: error.detail, ...issuesAs('details', error) },
  }),
};

/** `{ [member]: issues }` when `error` has issues, else nothing. */
function issuesAs(member: string, error: HttpError): Record<string, unknown> {
  return error.issues.length > 0 ? { [member]: error.issues } : {};
}

/** RFC 9457 problem details of `error`, its issues under `member`. */
function problem(error: HttpError, member: 'errors' | 'issues') {
  return {
    type: `urn:video-api-mock:problem:${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.detail,
    ...(error.issues.length > 0 && { [member]: error.issues }),
  };
}

/** The public API's response for `error`, in the shape of the `error-shape` reading. */
export function renderError(error: HttpError, readings: RequestReadings): Response {
  const { body, contentType } = errorBody(error, readings.get('error-shape'));
  return respond(JSON.stringify(body), error.status, readings, contentType, error.headers);
}

/**
 * The admin API's response for `error`: always problem+json, whatever the public API's readings,
 * with its short `code`, `issues[{pointer, message}]` where there are several, and `accepted`
 * where the route says what it takes.
 */
export function renderAdminError(error: HttpError): Response {
  const headers = { ...error.headers, 'content-type': 'application/problem+json' };
  const body = {
    ...problem(error, 'issues'),
    code: error.code,
    ...(error.accepted !== undefined && { accepted: error.accepted }),
  };
  return new Response(JSON.stringify(body), { status: error.status, headers });
}
