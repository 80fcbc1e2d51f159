/** Date-times read from the wire (§2: a datetime field): ISO 8601 with a zone, checked part by part. */

/**
 * ISO 8601 / RFC 3339 date-time with seconds and a zone: Z or an offset such as +01:00. RFC 3339
 * (§5.6) lets `T` and `Z` be written lowercase.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * The instant of a date-time string, or undefined unless every part is real (no 30 February).
 *
 * @example
 * parseDateTime('2026-11-22T09:30:00+01:00'); // Date 2026-11-22T08:30:00.000Z
 */
export function parseDateTime(text: string): Date | undefined {
  const parts = DATE_TIME.exec(text)
    ?.slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const real =
    days !== undefined &&
    day >= 1 &&
    day <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59;
  const time = real ? Date.parse(text.toUpperCase()) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time);
}
