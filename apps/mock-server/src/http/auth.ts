/**
 * Authentication (§5): a Bearer token is required on create and upload (§5.1), its refusal
 * answered as the `token-refusal` reading says (§7); on get and
 * custom-fields the rule is not shown, so it is played as the readings `auth-get-video` and
 * `auth-update-custom-fields` (required, not-required, owner-only).
 */

import type { ReadingOf } from '@video-api/schema';
import type { RequestReadings } from '../readings/request-readings.js';
import type { VideoRecord } from '../state/types.js';
import { conditionStatus } from './conditions.js';
import { forbidden, HttpError } from './errors.js';

type TokenProblem = 'missing' | 'malformed' | 'unknown';

const DETAIL: Record<TokenProblem, string> = {
  missing: 'The Authorization header is missing; send "Authorization: Bearer <ACCESS_TOKEN>".',
  malformed: 'The Authorization header is not of the form "Bearer <ACCESS_TOKEN>".',
  unknown: 'The Bearer token is not one this server accepts.',
};

function unauthorized(problem: TokenProblem): HttpError {
  const challenge =
    problem === 'missing' ? 'Bearer' : `Bearer error="invalid_token", error_description="${problem} token"`;
  return new HttpError(401, {
    code: 'unauthorized',
    title: 'Unauthorized',
    detail: DETAIL[problem],
    headers: { 'www-authenticate': challenge },
  });
}

/** The token of an Authorization header, or what is wrong with it. */
export function bearerToken(header: string | undefined): { token: string } | { problem: TokenProblem } {
  if (header === undefined || header.trim() === '') return { problem: 'missing' };
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  if (!match?.[1]) return { problem: 'malformed' };
  return { token: match[1] };
}

/**
 * Whether `given` is `expected`, in a time that does not depend on where they differ (nor on the
 * length of a common prefix), so a token cannot be guessed one character at a time.
 */
export function sameToken(given: string, expected: string): boolean {
  const length = Math.max(given.length, expected.length);
  let difference = given.length ^ expected.length;
  for (let i = 0; i < length; i += 1) {
    // Past the end, charCodeAt is NaN, and NaN | 0 is 0: the length term already differs.
    difference |= (given.charCodeAt(i) | 0) ^ (expected.charCodeAt(i) | 0);
  }
  return difference === 0;
}

/** The refusal of a token on create and upload, with the status of the `token-refusal` reading (§7). */
function refused(problem: TokenProblem, readings: RequestReadings | undefined): HttpError {
  const status = readings ? conditionStatus(readings, 'token-refusal') : 401;
  if (status === 401) return unauthorized(problem);
  return new HttpError(status, { code: 'forbidden', title: 'Forbidden', detail: DETAIL[problem] });
}

/**
 * The accepted token of a request, or a 401 with `WWW-Authenticate: Bearer` (§5.1). With
 * `readings` (create and upload), the refusal's status is the `token-refusal` reading's (§7).
 *
 * @example
 * const token = requireToken(c.req.header('authorization'), ['mock-token']);
 */
export function requireToken(
  header: string | undefined,
  tokens: readonly string[],
  readings?: RequestReadings,
): string {
  const result = bearerToken(header);
  if ('problem' in result) throw refused(result.problem, readings);
  // Every token compared, each in constant time (no early exit on the first that matches).
  const known = tokens.reduce((found, token) => sameToken(result.token, token) || found, false);
  if (!known) throw refused('unknown', readings);
  return result.token;
}

/** A reading of the auth rule of get or of custom-fields (both unknowns have the same readings). */
type AuthReading = ReadingOf<'auth-get-video'> | ReadingOf<'auth-update-custom-fields'>;

/** What each auth reading asks: a known token, and that it be the video's creator's. */
const AUTH_RULES: Readonly<Record<AuthReading, { token: boolean; owner: boolean }>> = {
  required: { token: true, owner: false },
  'not-required': { token: false, owner: false },
  'owner-only': { token: true, owner: true },
};

/** The token check of get and custom-fields under an `auth-*` reading; run before the lookup. */
export function checkReadingAuth(
  reading: AuthReading,
  header: string | undefined,
  tokens: readonly string[],
): string | undefined {
  return AUTH_RULES[reading].token ? requireToken(header, tokens) : undefined;
}

/** Under `owner-only`, only the token that created the video may use it (403 otherwise). */
export function checkOwner(reading: AuthReading, record: VideoRecord, token: string | undefined): void {
  if (!AUTH_RULES[reading].owner || record.owner === undefined || record.owner === token) return;
  throw forbidden(
    `Video "${record.key}" belongs to another token; under owner-only only its creator may use it.`,
  );
}
