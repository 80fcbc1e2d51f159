/**
 * Turns a failed response into a typed error. The error shape is unknown (§7), so the message takes
 * the detail from any of the plausible shapes (problem+json, `{message}`, `{error: {message}}`),
 * read as every layer reads them (`errorDetail` of `@video-api/schema`).
 *
 * @example
 * const error = await errorFromResponse(response, 'getVideo'); // NotFoundError for a 404
 */
import { errorDetail as detailOf, parseRetryAfter } from '@video-api/schema';
import {
  AuthError,
  HttpError,
  MockError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
  type VideoApiError,
} from '../errors.js';
import type { SentOperationId } from '../operations.js';
import { isAuthStatus, isValidationStatus } from './refusal-statuses.js';

/** Parses JSON text; undefined for empty or non-JSON text. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The human detail of an error body in any of the readings of `error-shape` (`@video-api/schema`'s
 * field order), or else the start of its raw text.
 */
function errorDetail(body: unknown, raw: string): string | undefined {
  const found = detailOf(body);
  if (found !== undefined) return found;
  const text = raw.trim().replace(/\s+/g, ' ');
  return text === '' ? undefined : text.slice(0, 200);
}

/** Builds the typed error for a non-2xx response whose body text has been read. */
export function errorFromParts(
  status: number,
  headers: Headers,
  rawBody: string,
  operation: SentOperationId,
  statusText = '',
): VideoApiError {
  const body = parseJson(rawBody);
  const detail = errorDetail(body, rawBody) ?? (rawBody === '' ? 'empty response body' : undefined);
  const head = `${operation} failed: ${status}${statusText ? ` ${statusText}` : ''}`;
  const message = detail ? `${head}: ${detail}` : head;
  const details = { status, headers, rawBody, body, operation };
  // The mock marks refusals of its test headers; they are its own, whatever their status.
  const mockCode = headers.get('x-mock-error');
  if (mockCode !== null) return new MockError(message, { ...details, code: mockCode.trim() });
  if (isAuthStatus(status)) return new AuthError(message, details); // token-refusal: 401, 403
  if (status === 404) return new NotFoundError(message, details);
  if (isValidationStatus(status)) return new ValidationError(message, details); // error-codes: 400, 422
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'));
  if (status === 429) return new RateLimitedError(message, { ...details, retryAfterMs });
  if (status >= 500) return new ServerError(message, { ...details, retryAfterMs });
  return new HttpError(message, details);
}

/** Reads the body of a failed response and returns its typed error. */
export async function errorFromResponse(
  response: Response,
  operation: SentOperationId,
): Promise<VideoApiError> {
  let raw = '';
  try {
    raw = await response.text();
  } catch {
    raw = '';
  }
  return errorFromParts(response.status, response.headers, raw, operation, response.statusText);
}
