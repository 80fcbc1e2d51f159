import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomFieldError, defineCustomFields, type FieldKind } from '../src/index.js';
import { startMock } from './support/mock.js';

const KINDS = ['text', 'counter', 'flag', 'datetime', 'multiText'];
/** Names that `in` or a plain lookup find on every object. */
const inherited = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('defineCustomFields: names and kinds are own properties only', () => {
  it('refuses any kind that is not one of the five, including names of Object.prototype', () => {
    fc.assert(
      fc.property(fc.oneof(inherited, fc.string()), (kind) => {
        fc.pre(!KINDS.includes(kind));
        expect(() => defineCustomFields({ a: kind as FieldKind })).toThrow(CustomFieldError);
      }),
      { seed: 11 },
    );
  });

  it('refuses any undeclared field on write, naming it as undeclared', () => {
    const fields = defineCustomFields({ views: 'counter' });
    fc.assert(
      fc.property(fc.oneof(inherited, fc.string()), (name) => {
        fc.pre(name !== 'views');
        const error = (() => {
          try {
            fields.serialize({ [name]: 'x' } as never);
          } catch (e) {
            return e as CustomFieldError;
          }
        })();
        expect(error?.issues).toEqual([
          { field: name, expected: 'one of the declared fields views', got: 'an undeclared field' },
        ]);
      }),
      { seed: 12 },
    );
  });

  it('keeps a field named "__proto__" a plain field', () => {
    const fields = defineCustomFields(JSON.parse('{"__proto__":"text"}') as { __proto__: 'text' });
    const parsed = fields.parse(JSON.parse('{"__proto__":"x"}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toBe('x');
  });
});

describe('defineCustomFields: dates read from the server', () => {
  const fields = defineCustomFields({ at: 'datetime' });
  const date = fc.date({
    min: new Date('0000-01-02T00:00:00Z'),
    max: new Date('9999-12-30T00:00:00Z'),
    noInvalidDate: true,
  });
  const offset = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });

  /** `instant` written as local time at `minutes` east of UTC, e.g. 2026-11-22T09:30:00.000+01:00. */
  const withOffset = (instant: Date, minutes: number) => {
    const local = new Date(instant.getTime() + minutes * 60_000);
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    return `${local.toISOString().slice(0, 23)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  };

  it('reads any date-time with an offset as its instant', () => {
    fc.assert(
      fc.property(date, offset, (instant, minutes) => {
        const wire = withOffset(instant, minutes);
        expect(fields.parse({ at: wire }).at?.getTime()).toBe(instant.getTime());
      }),
      { seed: 13 },
    );
    expect(fields.parse({ at: '2026-11-22T08:30:00+01:00' }).at?.toISOString()).toBe(
      '2026-11-22T07:30:00.000Z',
    );
  });

  it('refuses any day that its month does not have, rather than rolling over', () => {
    const leap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const monthDays = (year: number, month: number) =>
      month === 2
        ? leap(year)
          ? 29
          : 28
        : ([31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number);
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (year, month, extra) => {
          const day = monthDays(year, month) + extra;
          fc.pre(day <= 99);
          const wire = `${year}-${pad(month)}-${pad(day)}T00:00:00Z`;
          expect(() => fields.parse({ at: wire })).toThrow(CustomFieldError);
        },
      ),
      { seed: 14 },
    );
  });

  it.each([
    '2026-02-30T00:00:00Z',
    '2025-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-22T24:00:00Z',
    '2026-11-22T08:60:00Z',
    '2026-11-22T08:30:60Z',
    '2026-11-22T08:30:00+24:00',
    '2026-11-22',
  ])('refuses %s', (wire) => {
    expect(() => fields.parse({ at: wire })).toThrow(/read from the server not valid/);
  });

  it('reads lowercase t and z, which RFC 3339 allows', () => {
    fc.assert(
      fc.property(date, (instant) => {
        const wire = instant.toISOString().replace('T', 't').replace('Z', 'z');
        expect(fields.parse({ at: wire }).at?.getTime()).toBe(instant.getTime());
      }),
    );
  });

  it('accepts 29 February of a leap year', () => {
    expect(fields.parse({ at: '2024-02-29T12:00:00Z' }).at?.toISOString()).toBe('2024-02-29T12:00:00.000Z');
  });
});

describe('defineCustomFields: dates written', () => {
  it('refuses a Date outside the years 0000 to 9999, saying which years are accepted', () => {
    const fields = defineCustomFields({ at: 'datetime' });
    for (const at of [new Date(Date.UTC(10000, 0, 1)), new Date(Date.UTC(-1, 0, 1))]) {
      const error = (() => {
        try {
          return fields.serialize({ at });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(CustomFieldError);
      expect((error as CustomFieldError).message).toContain('a valid Date in the years 0000 to 9999 UTC');
    }
    expect(fields.serialize({ at: new Date('9999-12-31T23:59:59.999Z') })).toEqual({
      at: '9999-12-31T23:59:59.999Z',
    });
  });
});

describe('defineCustomFields: an offset stored by the mock', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process');
  });
  afterAll(() => mock.close());

  it('reads the video whose date carries an offset', async () => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'o' }] });
    await mock.client.updateCustomFields(video?.key as string, { at: '2026-11-22T08:30:00+01:00' });
    const values = await defineCustomFields({ at: 'datetime' }).read(mock.client, video?.key as string);
    expect(values.at?.toISOString()).toBe('2026-11-22T07:30:00.000Z');
  });
});
