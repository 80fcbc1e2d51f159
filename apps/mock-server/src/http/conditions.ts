/**
 * The conditions of errors (§7: "the conditions that cause them: not shown"), each answered with
 * the status its reading's meaning in the spec gives: a key no video has (`unknown-video-key`), a
 * refused token on create and upload (`token-refusal`, auth.ts), a body of the wrong media type
 * (`media-type-refusal`), a project key the token may not upload to (`unknown-project-key`).
 */
import { meaningOf, type ReadingOf } from '@video-api/schema';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { RequestReadings } from '../readings/request-readings.js';
import { HttpError, notFound, unsupportedMediaType } from './errors.js';

/** The unknowns of §7 whose readings say with which status a condition is answered. */
export type ConditionId =
  | 'unknown-video-key'
  | 'token-refusal'
  | 'media-type-refusal'
  | 'unknown-project-key';

/**
 * The status with which the reading of `id` this request plays answers its condition, from the
 * reading's meaning in the spec (its one refusal).
 */
export function conditionStatus(readings: RequestReadings, id: ConditionId): ContentfulStatusCode {
  const reading = readings.get(id) as ReadingOf<ConditionId>;
  const { refuses } = meaningOf(id, reading as never) as { refuses: readonly { status: number }[] };
  return (refuses[0]?.status ?? 400) as ContentfulStatusCode;
}

/**
 * The answer to a video key no video has: 404 naming the key, or the status of the
 * `unknown-video-key` reading; under 403 the detail does not say whether the key exists.
 */
export function unknownKey(key: string, readings: RequestReadings): HttpError {
  const status = conditionStatus(readings, 'unknown-video-key');
  if (status === 404) return notFound(key);
  return new HttpError(status, {
    code: status === 403 ? 'forbidden' : 'unknown-key',
    title: status === 403 ? 'Forbidden' : 'Bad request',
    detail:
      status === 403
        ? `The key "${key}" is not one this token may use.`
        : `The key "${key}" is not the key of a video; use a key returned by create (§4.1).`,
  });
}

/** Whether each `unknown-project-key` reading holds a create's project key to the mock's projects. */
const HOLDS_TO_PROJECTS: Readonly<Record<ReadingOf<'unknown-project-key'>, boolean>> = {
  'any-accepted': false,
  'not-found-404': true,
  'forbidden-403': true,
};

/**
 * The answer to a create whose `projectKey` is not one of the mock's `projects`, with the status of
 * the `unknown-project-key` reading; undefined when the reading takes any key or the key is one.
 */
export function unknownProject(
  projectKey: string,
  projects: readonly string[],
  readings: RequestReadings,
): HttpError | undefined {
  if (!HOLDS_TO_PROJECTS[readings.get('unknown-project-key')] || projects.includes(projectKey)) {
    return undefined;
  }
  const status = conditionStatus(readings, 'unknown-project-key');
  return new HttpError(status, {
    code: status === 403 ? 'forbidden' : 'not-found',
    title: status === 403 ? 'Forbidden' : 'Not Found',
    detail: `The project "${projectKey}" is not one this token may upload to.`,
  });
}

/** A body that is not of the `expected` media type, with the status of `media-type-refusal`. */
export function wrongMediaType(expected: string, got: string, readings: RequestReadings): HttpError {
  return unsupportedMediaType(expected, got, conditionStatus(readings, 'media-type-refusal'));
}
