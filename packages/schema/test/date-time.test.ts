/** The date-time form of §2: the spec's pattern, and one reader of date-times off the wire. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUtcDateTime, parseDateTime, UTC_DATE_TIME_PATTERN } from '../src/date-time.js';
import { openapiDocument } from '../src/generated/openapi.js';

describe('the date-time form', () => {
  it('is not stated by the spec: §2 says "ISO 8601 UTC" and names no profile, so the spec sets no pattern', () => {
    const value = (
      openapiDocument as {
        components: { schemas: { CustomFieldValue: { anyOf: { format?: string; pattern?: string }[] } } };
      }
    ).components.schemas.CustomFieldValue;
    const dateTime = value.anyOf.find((form) => form.format === 'date-time');
    expect(dateTime).toBeDefined();
    expect(dateTime?.pattern).toBeUndefined();
  });

  it('the form the kit writes and reads as a date-time is one ISO 8601 UTC form (RFC 3339 with seconds and Z)', () => {
    expect(UTC_DATE_TIME_PATTERN.test(new Date(Date.UTC(2026, 10, 22, 8, 30)).toISOString())).toBe(true);
    expect(UTC_DATE_TIME_PATTERN.test('2026-11-22T08:30:00+01:00')).toBe(false);
  });

  // [text, instant (ISO) or undefined, in the UTC form of §2]
  const table: Array<[string, string | undefined, boolean]> = [
    ['2026-11-22T08:30:00Z', '2026-11-22T08:30:00.000Z', true],
    ['2026-11-22T08:30:00.123456Z', '2026-11-22T08:30:00.123Z', true],
    ['2026-11-22T09:30:00+01:00', '2026-11-22T08:30:00.000Z', false],
    ['2026-11-22t08:30:00z', '2026-11-22T08:30:00.000Z', false],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z', true],
    ['2026-02-29T00:00:00Z', undefined, false],
    ['2026-04-31T00:00:00Z', undefined, false],
    ['2026-11-22T24:00:00Z', undefined, false],
    ['2026-11-22T08:60:00Z', undefined, false],
    ['2026-11-22T08:30:60Z', undefined, false],
    ['2026-11-22T08:30Z', undefined, false],
    ['2026-11-22', undefined, false],
    ['2026-11-22T08:30:00', undefined, false],
    ['2026-11-22T08:30:00+24:00', undefined, false],
  ];
  it.each(table)('%s reads as %s (UTC form: %s)', (text, instant, utc) => {
    expect(parseDateTime(text)?.toISOString()).toBe(instant);
    expect(isUtcDateTime(text)).toBe(utc);
  });

  it('reads back every instant written in the UTC form (property)', () => {
    const dates = fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59.999Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, (date) => {
        const text = date.toISOString();
        expect(isUtcDateTime(text)).toBe(true);
        expect(parseDateTime(text)?.getTime()).toBe(date.getTime());
      }),
    );
  });

  it('reads an offset as the same instant as its UTC form (property)', () => {
    const dates = fc.date({
      min: new Date('1970-01-02T00:00:00Z'),
      max: new Date('9999-12-30T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), (date, offset) => {
        const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
        const local = new Date(whole.getTime() + offset * 60_000).toISOString().slice(0, 19);
        const sign = offset < 0 ? '-' : '+';
        const abs = Math.abs(offset);
        const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
        expect(parseDateTime(`${local}${zone}`)?.getTime()).toBe(whole.getTime());
      }),
    );
  });

  it('never throws, and reads only text of the RFC 3339 shape (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const date = parseDateTime(text);
        if (date !== undefined) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T/i);
      }),
    );
  });
});
