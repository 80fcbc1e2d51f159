/**
 * Typed errors. Every failure the client reports is a `VideoApiError`; failed responses keep their
 * status, headers, raw body and parsed body (§7: the error shape is unknown, so both are kept).
 *
 * @example
 * import { NotFoundError } from '@video-api/client';
 * try { await client.getVideo('nope'); } catch (e) { if (e instanceof NotFoundError) console.log(e.status); }
 */
import type { SentOperationId } from './operations.js';

/** What an error keeps of the failure: the response's parts, the operation, the attempts, the cause. */
export interface ErrorDetails {
  status?: number | undefined;
  headers?: Headers | undefined;
  rawBody?: string | undefined;
  body?: unknown;
  operation?: SentOperationId | undefined;
  attempts?: number | undefined;
  cause?: unknown;
}

/** Base class of every error the client throws. */
export class VideoApiError extends Error {
  override name = 'VideoApiError';
  /** HTTP status of the failed response, when there was one. */
  readonly status: number | undefined;
  /** Headers of the failed response, when there was one. */
  readonly headers: Headers | undefined;
  /** The response body as text ('' when empty), when there was a response. */
  readonly rawBody: string | undefined;
  /** The response body parsed as JSON, when it parses. */
  readonly body: unknown;
  /** The operation that failed: its operation id in the spec. */
  readonly operation: SentOperationId | undefined;
  /** How many attempts were made before giving up. */
  attempts: number;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.headers = details.headers;
    this.rawBody = details.rawBody;
    this.body = details.body;
    this.operation = details.operation;
    this.attempts = details.attempts ?? 1;
  }
}

/** A response with a non-2xx status that no narrower class describes. */
export class HttpError extends VideoApiError {
  override name = 'HttpError';
}
/**
 * 401 or 403: the token is missing, wrong or not allowed (§5). Also thrown, with no `status` and the
 * thrown error as `cause`, when the client's `getToken` fails: then nothing was sent.
 */
export class AuthError extends HttpError {
  override name = 'AuthError';
}
/** 404: no video with that key. */
export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
}
/** 400 or 422: the request was refused as invalid (§7: which of the two is unknown). */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
}
/**
 * The mock's refusal of its own test controls (a bad `X-Mock-*` header: an unknown reading, a bad
 * sandbox name, a bad fault), told by its `X-Mock-Error` response header: never a real server's
 * validation error, and chosen before any status-based class. `code` is that header's value
 * (e.g. `mock-header`); the body is problem+json with type `urn:video-api-mock:problem:<code>`.
 */
export class MockError extends HttpError {
  override name = 'MockError';
  readonly code: string;
  constructor(message: string, details: ErrorDetails & { code: string }) {
    super(message, details);
    this.code = details.code;
  }
}
/** 429: too many requests. `retryAfterMs` comes from the Retry-After header when it parses. */
export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, details: ErrorDetails & { retryAfterMs?: number | undefined } = {}) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}
/** 5xx: the server failed. A 503 may carry Retry-After (RFC 9110 §10.2.3): `retryAfterMs`. */
export class ServerError extends HttpError {
  override name = 'ServerError';
  readonly retryAfterMs: number | undefined;
  constructor(message: string, details: ErrorDetails & { retryAfterMs?: number | undefined } = {}) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}
/** No response: the connection failed or was reset. */
export class NetworkError extends VideoApiError {
  override name = 'NetworkError';
}
/** The attempt (or the wait) took longer than its timeout. */
export class TimeoutError extends VideoApiError {
  override name = 'TimeoutError';
}
/** The caller's AbortSignal fired. */
export class AbortedError extends VideoApiError {
  override name = 'AbortedError';
}
/** A 2xx response whose body is not what the operation returns. */
export class UnexpectedResponseError extends VideoApiError {
  override name = 'UnexpectedResponseError';
}
/** A video reported as failed while waiting for it to become ready. */
export class VideoFailedError extends VideoApiError {
  override name = 'VideoFailedError';
}
/** Input the client refuses before sending anything (bad source, bad field value, bad option). */
export class InputError extends VideoApiError {
  override name = 'InputError';
}
/**
 * A create request failed in a way that leaves open whether videos were created (a timeout, a
 * connection lost after sending, a 5xx). It is not retried, so that no duplicate is made; the
 * message says what to look for and which ledger entry to remove; see `uploadVideos`.
 */
export class AmbiguousCreateError extends VideoApiError {
  override name = 'AmbiguousCreateError';
}
