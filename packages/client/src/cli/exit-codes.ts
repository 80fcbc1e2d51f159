/** Exit codes of the `video-api` CLI, which scripts can rely on. */
import {
  AmbiguousCreateError,
  AuthError,
  InputError,
  NetworkError,
  NotFoundError,
  TimeoutError,
  ValidationError,
  VideoFailedError,
} from '../errors.js';

export const EXIT = {
  /** Everything worked. */
  ok: 0,
  /** The API answered with an error (or an answer the client cannot read). */
  api: 1,
  /** Bad command line: unknown command or flag, missing argument, bad value, unreadable file. */
  usage: 2,
  /** 401 or 403: the token is missing, wrong or not allowed. */
  auth: 3,
  /** 404: no video with that key. */
  notFound: 4,
  /**
   * No answer in time, or no connection; also every create left without a clear answer (a timeout,
   * a lost connection or a 5xx), in this run or remembered by --ledger.
   */
  unreachable: 5,
  /** The video failed processing while waiting for it. */
  videoFailed: 6,
} as const;

/** A command-line mistake; the message says what was wrong and what is accepted. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The exit code for an error. */
export function exitCodeOf(error: unknown): number {
  // A create without a clear answer: the same code whatever caused it and whichever run it was in
  // (a rerun with --ledger only remembers that it was unclear).
  if (error instanceof AmbiguousCreateError) return EXIT.unreachable;
  if (error instanceof UsageError || error instanceof InputError) return EXIT.usage;
  if (error instanceof AuthError) return EXIT.auth;
  if (error instanceof NotFoundError) return EXIT.notFound;
  if (error instanceof TimeoutError || error instanceof NetworkError) return EXIT.unreachable;
  if (error instanceof VideoFailedError) return EXIT.videoFailed;
  return EXIT.api;
}

/**
 * One line a person can act on: what failed and what to try. `ledger` is the --ledger file,
 * `correlationField` the field of --correlation-field (upload writes no other custom field).
 */
export function errorLine(
  error: unknown,
  baseUrl: string | undefined,
  ledger?: string,
  correlationField?: string,
): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  let hint = '';
  if (error instanceof AuthError) hint = ' (check --token or VIDEO_API_TOKEN)';
  else if (error instanceof NetworkError)
    hint = ` (is the server at ${baseUrl ?? '?'} running? check --base-url or VIDEO_API_BASE_URL)`;
  else if (error instanceof UsageError) hint = ' (see video-api --help)';
  else if (error instanceof AmbiguousCreateError)
    hint = ledger
      ? ` (the ledger is ${ledger})`
      : ' (without --ledger nothing is remembered: a rerun creates the video again)';
  else if (correlationField && error instanceof ValidationError && error.operation === 'updateCustomFields')
    hint =
      ` (the service may accept only predefined custom fields: define "${correlationField}" there, or upload` +
      ` without --correlation-field${ledger ? `; a rerun with --ledger then uploads the file into the same video` : ''})`;
  return `video-api: ${message}${hint}`;
}
