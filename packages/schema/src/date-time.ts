/**
 * The date-time form of §2 ("ISO 8601 UTC date-time string"): the one form every layer of the kit
 * writes and recognises, and the one reader of date-times that come off the wire.
 */

/**
 * The UTC form the kit writes for a date-time value and recognises as one: `2026-11-22T08:30:00Z`,
 * fractions of a second allowed (RFC 3339 with seconds, in UTC with Z; what `Date#toISOString`
 * gives). The document names no profile of ISO 8601, so the spec states no pattern: this is one
 * ISO 8601 UTC form, the one the kit chose, not a rule of the interface.
 */
export const UTC_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** RFC 3339 date-time with seconds and a zone (Z or ±hh:mm); `T` and `Z` may be lowercase (§5.6). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

const daysIn = (year: number, month: number): number | undefined => {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
};

/**
 * The instant of a date-time string: RFC 3339 with seconds and a zone (Z or an offset), every part
 * real (no 30 February, no hour 24, no second 60). Undefined otherwise. Readers accept offsets;
 * writers use the UTC form (`isUtcDateTime`).
 *
 * @example
 * parseDateTime('2026-11-22T09:30:00+01:00'); // Date 2026-11-22T08:30:00.000Z
 * parseDateTime('2026-02-30T00:00:00Z'); // undefined
 */
export function parseDateTime(text: string): Date | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part))) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number?,
    number?,
  ];
  const days = daysIn(year, month);
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

/**
 * Whether `text` is a date-time in the UTC form of §2, naming a real instant.
 *
 * @example
 * isUtcDateTime('2026-11-22T08:30:00Z'); // true
 * isUtcDateTime('2026-11-22T09:30:00+01:00'); // false: an offset is read, but not the form of §2
 */
export function isUtcDateTime(text: string): boolean {
  return UTC_DATE_TIME_PATTERN.test(text) && parseDateTime(text) !== undefined;
}
