/**
 * The human detail of an error body (§7: the error shape is unknown). One field order, used by the
 * client's errors, the reliability tests and wherever an error body is shown to a person.
 */

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The most specific human text of an error body in any reading of `error-shape`, or undefined.
 * Members are read in this order, the first non-blank string winning:
 *
 * 1. `detail` (problem-json: what went wrong with this request),
 * 2. `message` (message-object),
 * 3. `error.message`, or `error` itself when it is a string (error-object),
 * 4. `title` (problem-json: the kind of problem, the same for every request of that kind).
 *
 * @example
 * errorDetail({ title: 'Not found', detail: 'No video has the key "v-9".' }); // 'No video has the key "v-9".'
 * errorDetail({ error: { code: 'not-found', message: 'No such video' } }); // 'No such video'
 */
export function errorDetail(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const nested = record.error;
  return (
    text(record.detail) ??
    text(record.message) ??
    (nested !== null && typeof nested === 'object'
      ? text((nested as Record<string, unknown>).message)
      : text(nested)) ??
    text(record.title)
  );
}
