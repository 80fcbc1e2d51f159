/** The strict readers the report tests rely on refuse what jq and XML parsers refuse. */
import { describe, expect, it } from 'vitest';
import { hasJq, jqProblem, parseIJson, xmlProblem } from './support/strict-formats.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseIJson', () => {
  it('reads I-JSON and refuses a lone surrogate escape and bytes that are not UTF-8', () => {
    expect(parseIJson(bytes('{"a":"\\ud83d\\ude00 é"}'))).toEqual({ a: '😀 é' });
    expect(() => parseIJson(bytes('{"a":"\\ud800"}'))).toThrow(/lone surrogate/);
    expect(() => parseIJson(new Uint8Array([0x22, 0xff, 0x22]))).toThrow();
  });

  it.runIf(hasJq)('agrees with jq', () => {
    expect(jqProblem(['{"a":"\\ud83d\\ude00"}', '[1]'])).toBeUndefined();
    expect(jqProblem(['{"a":"\\ud800"}'])).toMatch(/surrogate/);
  });
});

describe('xmlProblem', () => {
  it('accepts a well-formed document', () => {
    expect(
      xmlProblem(bytes('<?xml version="1.0" encoding="UTF-8"?>\n<a x="1 &amp; &#x41;"><b/>t &lt; u</a>\n')),
    ).toBeUndefined();
  });

  it.each([
    ['<a>\u0001</a>', /U\+1 /],
    ['<a>\uffff</a>', /U\+ffff/],
    ['<a>x & y</a>', /bare &/],
    ['<a x="<"/>', /not closed/],
    ['<a><b></a>', /closes/],
    ['<a>', /never closed/],
    ['<a/><b/>', /second root/],
    ['<a>&#1;</a>', /no XML character/],
    ['<a x="1" x="2"/>', /repeats/],
  ])('refuses %j', (doc, problem) => {
    expect(xmlProblem(bytes(doc))).toMatch(problem);
  });
});
