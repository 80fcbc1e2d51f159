import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { CustomFieldError, defineCustomFields, type FieldKind } from '../src/index.js';
import { startMock } from './support/mock.js';

const fields = defineCustomFields({
  note: 'text',
  views: 'counter',
  featured: 'flag',
  publishedAt: 'datetime',
  topics: 'multiText',
});

describe('defineCustomFields', () => {
  it('gives typed values: Date for datetime, string[] for multiText', () => {
    const values = fields.parse({ publishedAt: '2026-11-22T08:30:00Z', topics: ['news'] });
    expectTypeOf(values.publishedAt).toEqualTypeOf<Date | undefined>();
    expectTypeOf(values.topics).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(values.views).toEqualTypeOf<number | undefined>();
    expect(values.publishedAt?.getTime()).toBe(Date.UTC(2026, 10, 22, 8, 30));
  });

  it('writes dates as ISO 8601 UTC strings (§2)', () => {
    expect(fields.serialize({ publishedAt: new Date(Date.UTC(2026, 10, 22, 8, 30)) })).toEqual({
      publishedAt: '2026-11-22T08:30:00.000Z',
    });
  });

  it.each([
    ['a counter that is not an integer', { views: 1.5 }, '"views": expected a counter (an integer), got 1.5'],
    ['a counter given as text', { views: '3' }, '"views": expected a counter (an integer), got "3"'],
    ['an invalid Date', { publishedAt: new Date('nope') }, '"publishedAt": expected a date-time'],
    ['a date given as a string', { publishedAt: '2026-11-22' }, 'got "2026-11-22"'],
    [
      'a list with a number',
      { topics: ['a', 1] },
      '"topics": expected multi-value text (an array of strings), got ["a",1]',
    ],
    ['null', { note: null }, '"note": expected text (a string), got null'],
    ['an undeclared field', { colour: 'red' }, '"colour": expected one of the declared fields'],
  ])('refuses to write %s, naming the field and what it accepts', (_, values, message) => {
    expect(() => fields.serialize(values as never)).toThrow(CustomFieldError);
    expect(() => fields.serialize(values as never)).toThrow(message);
  });

  it.each([
    ['a date without a zone', { publishedAt: '2026-11-22T08:30:00' }],
    ['a date that does not exist (30 February)', { publishedAt: '2026-02-30T00:00:00Z' }],
    ['a flag as a string', { featured: 'true' }],
  ])('refuses to read %s from the server', (_, wire) => {
    expect(() => fields.parse(wire)).toThrow(/read from the server not valid/);
  });

  it('lists every wrong field at once', () => {
    const error = (() => {
      try {
        fields.serialize({ views: -0.5, featured: 'yes' } as never);
      } catch (e) {
        return e as CustomFieldError;
      }
    })();
    expect(error?.issues.map((issue) => issue.field)).toEqual(['views', 'featured']);
  });

  it('ignores fields it does not declare when reading and leaves out undefined values when writing', () => {
    expect(fields.parse({ other: 'x', note: 'n' })).toEqual({ note: 'n' });
    expect(fields.serialize({ note: 'n', views: undefined })).toEqual({ note: 'n' });
  });

  it('refuses an unknown kind when defining', () => {
    expect(() => defineCustomFields({ x: 'colour' as FieldKind })).toThrow(/one of the kinds text, counter/);
  });

  it('round-trips any valid values through the wire form', () => {
    const date = fc.date({
      min: new Date('0000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        fc.record(
          {
            note: fc.string(),
            views: fc.maxSafeInteger(),
            featured: fc.boolean(),
            publishedAt: date,
            topics: fc.array(fc.string()),
          },
          { requiredKeys: [] },
        ),
        (values) => {
          const wire = JSON.parse(JSON.stringify(fields.serialize(values)));
          expect(fields.parse(wire)).toEqual(values);
        },
      ),
      { seed: 7 },
    );
  });
});

describe('typed custom fields against the mock (§4.4)', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  let key: string;
  beforeAll(async () => {
    mock = await startMock('in-process');
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'fields' }] });
    key = video?.key as string;
  });
  afterAll(() => mock.close());

  it('writes every value form and reads it back typed', async () => {
    const values = {
      note: 'Shot on location',
      views: 42,
      featured: true,
      publishedAt: new Date('2026-11-22T08:30:00.000Z'),
      topics: ['news', 'sport'],
    };
    await expect(fields.write(mock.client, key, values)).resolves.toEqual(values);
    await expect(fields.read(mock.client, key)).resolves.toEqual(values);
    const raw = await mock.client.getVideo(key);
    expect(raw.simpleCustomFields.publishedAt).toBe('2026-11-22T08:30:00.000Z');
  });

  it('sends nothing when a value is wrong', async () => {
    const sent = mock.count('updateCustomFields');
    await expect(fields.write(mock.client, key, { views: Number.NaN })).rejects.toThrow(CustomFieldError);
    expect(sent()).toBe(0);
  });
});
