/** Reading choices as text: one parser for ID=READING pairs and lists of them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatReadingList,
  parseReadingChoice,
  parseReadingList,
  splitReadingPair,
} from '../src/reading-choice.js';
import { idsWithReadings, readingsOf } from '../src/unspecified.js';

describe('reading choices', () => {
  // [text, pair]
  const pairs: Array<[string, [string, string] | undefined]> = [
    ['status-codes=semantic', ['status-codes', 'semantic']],
    [' status-codes = semantic ', ['status-codes', 'semantic']],
    ['status-codes', undefined],
    ['=semantic', undefined],
    ['status-codes=', undefined],
    ['a=b=c', undefined],
  ];
  it.each(pairs)('splits %j as %j', (text, pair) => {
    expect(splitReadingPair(text)).toEqual(pair);
  });

  // [what, pairs, the problem]
  const refused: Array<[string, string[], string]> = [
    ['not a pair', ['status-codes'], '"status-codes" is not of the form ID=READING'],
    ['an unknown id', ['status-code=semantic'], 'unknown id "status-code" (accepted ids: status-codes, '],
    ['an id without readings', ['upload-host=cdn'], 'unknown id "upload-host"'],
    [
      'an unknown reading',
      ['status-codes=201'],
      'unknown reading "201" for status-codes (accepted: all-200, semantic)',
    ],
    [
      'two readings for one id',
      ['status-codes=semantic', 'status-codes=all-200'],
      'status-codes is given twice, as semantic and as all-200',
    ],
  ];
  it.each(refused)('refuses %s, naming what is accepted', (_what, given, problem) => {
    const result = parseReadingChoice(given);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toContain(problem);
  });

  it('reports every problem of a list, not only the first', () => {
    expect(parseReadingList('x=y, status-codes=201')).toMatchObject({
      ok: false,
      problems: [expect.any(String), expect.any(String)],
    });
  });

  it('accepts the same reading given twice, and [id, reading] pairs', () => {
    expect(parseReadingChoice(['status-codes=semantic', ['status-codes', 'semantic']])).toEqual({
      ok: true,
      choice: { 'status-codes': 'semantic' },
    });
  });

  it('reads back every choice it writes (property)', () => {
    const choice = fc
      .subarray([...idsWithReadings])
      .chain((ids) =>
        fc.tuple(...ids.map((id) => fc.constantFrom(...readingsOf(id)).map((r) => [id, r] as const))),
      )
      .map((entries) => Object.fromEntries(entries));
    fc.assert(
      fc.property(choice, (chosen) => {
        expect(parseReadingList(formatReadingList(chosen))).toEqual({ ok: true, choice: chosen });
      }),
    );
  });

  it('never throws, whatever the text (property)', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseReadingList(text)));
  });
});
