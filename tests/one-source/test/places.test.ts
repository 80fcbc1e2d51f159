/** A type error's place is the top-level declaration or call that holds it. */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { placeOf } from '../src/places.js';

const source = `import { x } from './x.js';
export const table = { a: 1, b: 2 };
export function handle(reading: string) {
  return reading;
}
describe('the table', () => {
  it('holds', () => {});
});
type Kind = 'a' | 'b';
`;
const file = ts.createSourceFile('example.ts', source, ts.ScriptTarget.Latest, true);
const at = (text: string) => source.indexOf(text);

describe('placeOf', () => {
  it.each([
    ['b: 2', 'table'],
    ['return reading', 'handle'],
    ["it('holds'", 'describe(the table)'],
    ["'a' | 'b'", 'Kind'],
    ["'./x.js'", 'line 1'],
  ])('names the place of %j as %s', (text, place) => {
    expect(placeOf(file, at(text))).toBe(place);
  });
});
