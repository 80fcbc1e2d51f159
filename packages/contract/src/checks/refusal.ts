/**
 * A refusal counts only on a route that exists: a 4xx is a refusal when the positive case of the
 * same operation answered 2XX on the same host earlier in the run; otherwise the check cannot
 * judge (a 404 or 405 of a route that is not there is not a refusal) and is skipped with a hint.
 */
import type { Context } from '../context/context.js';
import { CheckSkipped, ensure } from '../context/failures.js';
import { describeWithRequest, type Exchange, isClientError } from '../support/http.js';
import type { PathOperation } from '../support/operations.js';

/**
 * Ensures `exchange` is a 4xx refusal of `operation` (`what` says what was sent); returns the
 * check's detail. Skips when the operation's positive case never answered 2XX on that host.
 */
export function ensureRefused(
  ctx: Context,
  operation: PathOperation,
  exchange: Exchange,
  what: string,
): string {
  const upload = operation === 'uploadVideoSource';
  const host = ctx.api.hostOf(upload);
  if (!ctx.api.ledger.hasReached(operation, host)) {
    const hint = upload
      ? ' Is the upload on another host? Give it with --upload-base-url.'
      : ' Check --base-url (its path prefix included).';
    throw new CheckSkipped(
      `cannot judge: ${operation} never answered 2XX on ${host} in this run, so its ${exchange.status} is no sign of a refusal (the route may not exist there).${hint}`,
    );
  }
  ensure(isClientError(exchange.status), `${what}: expected a 4xx, got ${describeWithRequest(exchange)}`);
  return `status ${exchange.status}`;
}
