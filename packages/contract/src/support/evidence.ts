/**
 * What an observation may be drawn from. A 5xx is the server failing, not the server choosing a
 * reading: a probe that meets one is "not observed", with the status and the answer as evidence.
 */
import { describe, type Exchange } from './http.js';

/** Thrown inside a probe: the unknown is not observed, for the reason given. */
export class NotObservable extends Error {
  override name = 'NotObservable';
}

export const isServerError = (status: number) => status >= 500 && status <= 599;

/** Why a 5xx answer is no evidence: `the server answered 5xx (500): PUT /api/… → 500 …`. */
export const answered5xx = (exchange: Exchange) =>
  `the server answered 5xx (${exchange.status}): ${describe(exchange)}`;

/** The first 5xx among `exchanges`, if any. */
export const first5xx = (exchanges: readonly Exchange[]) =>
  exchanges.find((exchange) => isServerError(exchange.status));

/**
 * Refuses answers a probe reads but did not send itself (a create or upload of an earlier check):
 * throws NotObservable when one of them is a 5xx, so no reading is drawn from it.
 */
export function refuse5xx(...exchanges: Exchange[]): void {
  const failed = first5xx(exchanges);
  if (failed) throw new NotObservable(answered5xx(failed));
}
