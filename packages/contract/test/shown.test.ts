/** showValue and showText: short values whole, long ones as their length and a prefix, never a lone surrogate. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { showText, showValue } from '../src/support/shown.js';

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Any UTF-16 text, lone surrogates included. */
const anyText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)), maxLength });

describe('showValue', () => {
  it.each([
    ['x', '"x"'],
    [42, '42'],
    [null, 'null'],
    [undefined, 'undefined'],
    [['a', 1], '["a",1]'],
    ['\ud800', '"\\ud800"'],
  ])('shows %j whole as %s', (value, shown) => {
    expect(showValue(value)).toBe(shown);
  });

  it('shows a 340 KB string as its length and its first 200 characters', () => {
    expect(showValue('A'.repeat(348_160))).toBe(
      `a string of 348,160 characters: "${'A'.repeat(200)}…" (first 200)`,
    );
  });

  it('counts characters, not UTF-16 units, and never splits a surrogate pair', () => {
    const shown = showValue(`x${'😀'.repeat(150)}`);
    expect(shown).toMatch(/^a string of 151 characters: "x(😀){99}…" \(first 200\)$/);
  });

  it('shows a long array or object as its size and the start of its JSON', () => {
    expect(showValue(Array.from({ length: 1000 }, (_, i) => i))).toMatch(
      /^an array of 1,000 items \(3,891 characters as JSON\): \[0,1,2,.{180,}… \(first 200\)$/,
    );
    expect(showValue({ a: 'b'.repeat(500) })).toMatch(
      /^an object of 1 member \(508 characters as JSON\): \{"a":"b+… \(first 200\)$/,
    );
  });

  it('is short, well formed and says the length of any long value (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText(600), fc.array(anyText(20), { maxLength: 60 })), (value) => {
        const shown = showValue(value);
        expect(shown).not.toMatch(LONE);
        expect(shown.length).toBeLessThanOrEqual(200 * 6 + 120);
        const json = JSON.stringify(value);
        if (json.length <= 202) expect(shown).toBe(json);
        else expect(shown).toMatch(/characters.*: .*… \(first 200\)$/);
      }),
    );
  });
});

describe('showText', () => {
  it('keeps a short body whole and cuts a long one, saying its length', () => {
    expect(showText('{"ok":true}')).toBe('{"ok":true}');
    expect(showText(`<html>${'x'.repeat(52_305)}`)).toBe(
      `<html>${'x'.repeat(154)}… (first 160 of 52,311 characters)`,
    );
  });

  it('writes lone surrogates as their escapes', () => {
    expect(showText('a\udc00b\ud800')).toBe('a\\udc00b\\ud800');
  });
});
