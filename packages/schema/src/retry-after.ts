/**
 * Retry-After (RFC 9110 §10.2.3), read one way by every layer: the client's retries, the contract
 * suite's waits, the mock's webhook deliveries.
 */

const SECONDS = /^\d+(?:\.\d+)?$/;

/**
 * The wait a Retry-After value asks for, in milliseconds from `now`, or undefined when the value is
 * absent or not a Retry-After value.
 *
 * - delay-seconds: digits (`'3'` is 3000). A fraction of a second (`'1.5'`) is not delay-seconds in
 *   RFC 9110, but what it asks for is plain, so it is honoured, rounded up to a whole millisecond
 *   (`'1.5'` is 1500, `'0.0001'` is 1). A sign, an exponent or any other text is refused.
 * - HTTP-date (`'Wed, 21 Oct 2026 07:28:00 GMT'`): the time until then, 0 when it has passed. A date
 *   must contain a letter, so that bare numbers never read as dates.
 *
 * @example
 * parseRetryAfter('3'); // 3000
 * parseRetryAfter('1.5'); // 1500
 * parseRetryAfter('-1'); // undefined
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:58Z')); // 2000
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (SECONDS.test(text)) {
    const ms = Math.ceil(Number(text) * 1000);
    return Number.isFinite(ms) ? ms : undefined;
  }
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
