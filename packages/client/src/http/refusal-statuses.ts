/**
 * The statuses with which a server refuses, per reading of the unknowns that leave them open:
 * `error-codes` (§7: validation is 400 or 422) and `token-refusal` (§5: a bad token is 401 or 403).
 * Each table is checked against the reading's `meaning.refuses` in the spec, and a new reading fails
 * the type check here until it has its status.
 */
import type { MeaningOf, ReadingOf } from '@video-api/schema';

type RefusalStatus<Id extends 'error-codes' | 'token-refusal', R extends ReadingOf<Id>> =
  MeaningOf<Id, R> extends { readonly refuses: readonly (infer Refusal)[] }
    ? Refusal extends { readonly status: infer Status }
      ? Status
      : never
    : never;

/** The status of each reading of `error-codes`: a `ValidationError`. */
export const validationStatus = {
  'validation-400': 400,
  'validation-422': 422,
} as const satisfies { [R in ReadingOf<'error-codes'>]: RefusalStatus<'error-codes', R> };

/** The status of each reading of `token-refusal`: an `AuthError`. */
export const authStatus = {
  'unauthorized-401': 401,
  'forbidden-403': 403,
} as const satisfies { [R in ReadingOf<'token-refusal'>]: RefusalStatus<'token-refusal', R> };

/** Whether `status` is how some reading of `error-codes` refuses an invalid request. */
export const isValidationStatus = (status: number): boolean =>
  (Object.values(validationStatus) as number[]).includes(status);
/** Whether `status` is how some reading of `token-refusal` refuses a token. */
export const isAuthStatus = (status: number): boolean =>
  (Object.values(authStatus) as number[]).includes(status);
