/** The detail of an error body: one field order for every reading of error-shape. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorDetail } from '../src/error-detail.js';

describe('errorDetail', () => {
  // [what, body, detail]
  const table: Array<[string, unknown, string | undefined]> = [
    [
      'problem-json',
      { type: 'about:blank', title: 'Not found', status: 404, detail: 'No video "v"' },
      'No video "v"',
    ],
    ['problem-json without detail', { title: 'Not found', status: 404 }, 'Not found'],
    ['message-object', { message: 'No video "v"' }, 'No video "v"'],
    ['error-object', { error: { code: 'not-found', message: 'No video "v"' } }, 'No video "v"'],
    ['an error string', { error: 'No video "v"' }, 'No video "v"'],
    ['detail before message', { message: 'm', detail: 'd' }, 'd'],
    ['message before error.message', { error: { message: 'e' }, message: 'm' }, 'm'],
    ['error.message before title', { title: 't', error: { message: 'e' } }, 'e'],
    ['blank members skipped', { detail: '  ', message: 'm' }, 'm'],
    ['non-string members skipped', { detail: 42, message: ['m'], title: 't' }, 't'],
    ['no member', { code: 'x' }, undefined],
    ['an array', ['detail'], undefined],
    ['a string', 'Not found', undefined],
    ['null', null, undefined],
  ];
  it.each(table)('%s', (_what, body, detail) => {
    expect(errorDetail(body)).toBe(detail);
  });

  it('takes the first non-blank of detail, message, error.message, title (property)', () => {
    const member = fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined });
    fc.assert(
      fc.property(member, member, member, member, (detail, message, nested, title) => {
        const body = { detail, message, error: { message: nested }, title };
        const expected = [detail, message, nested, title].find(
          (v) => typeof v === 'string' && v.trim() !== '',
        );
        expect(errorDetail(body)).toBe(expected);
      }),
    );
  });
});
