/**
 * Creates whose outcome is unknown (§4.1: create is not idempotent): which failures may have made
 * videos, and what a user can do about one.
 */
import { HttpError, ServerError, VideoApiError } from '../errors.js';
import { neverSent } from '../http/not-sent.js';

/**
 * Whether a failed create may have created videos: no answer (a timeout, a connection lost after
 * sending, an abort in flight), a 5xx, a 408, or a 2xx we could not read. A failure that shows the
 * request never left (connection refused, DNS failure, refused before sending) is not ambiguous.
 *
 * @example
 * isAmbiguousCreateFailure(new ValidationError('bad', { status: 400 })); // false: refused, nothing made
 */
export function isAmbiguousCreateFailure(error: unknown): boolean {
  if (neverSent(error)) return false;
  return !(error instanceof HttpError) || error instanceof ServerError || error.status === 408;
}

/** What a user can do about a create whose outcome is unknown (the API cannot look videos up by field). */
export function ambiguityAdvice(
  id: string,
  title: string | undefined,
  projectKey: string,
  sentAt?: string,
): string {
  const what = title === undefined ? 'a video' : `a video titled ${JSON.stringify(title)}`;
  return (
    `it may have made ${what} in project ${projectKey}${sentAt ? ` around ${sentAt}` : ''}, with no source.` +
    ' Not creating it again, to avoid a duplicate:' +
    ` look for that video in the project (keep or delete it), then remove the entry "${id}" from the ledger and run again`
  );
}

/** `error` as a VideoApiError: anything else thrown is wrapped, as `cause`. */
export const asApiError = (error: unknown): VideoApiError =>
  error instanceof VideoApiError
    ? error
    : new VideoApiError(error instanceof Error ? error.message : String(error), { cause: error });
