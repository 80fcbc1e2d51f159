/** The pieces of openConsole that need no browser: the base element, the text page, the links. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkAction, textPage, withBase } from '../../src/msw/console-frame.js';

const BASE = 'https://api.example.test/video';
const segment = fc.stringMatching(/^[a-z0-9_.-]{1,8}$/).filter((text) => text !== '.' && text !== '..');
const pathBelow = fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('/'));

describe('withBase', () => {
  it('puts the base first in the head, with or without attributes, escaped', () => {
    expect(withBase('<!doctype html><html><head><title>x</title>', `${BASE}/`)).toBe(
      `<!doctype html><html><head><base href="${BASE}/"><title>x</title>`,
    );
    expect(withBase('<HEAD lang="en"><meta charset="utf-8">', 'https://a.test/"x"&y')).toBe(
      '<HEAD lang="en"><base href="https://a.test/&quot;x&quot;&amp;y"><meta charset="utf-8">',
    );
    expect(withBase('<p>no head</p>', `${BASE}/`)).toBe(`<base href="${BASE}/"><p>no head</p>`);
  });
});

describe('textPage', () => {
  it('shows JSON indented and any text escaped', () => {
    expect(textPage(`${BASE}/openapi.json`, '{"a":[1]}')).toContain(
      '<pre>{\n  &quot;a&quot;: [\n    1\n  ]\n}</pre>',
    );
    expect(textPage(`${BASE}/x`, '<script>')).toContain('<pre>&lt;script&gt;</pre>');
  });
});

describe('linkAction', () => {
  it('shows any page below the base in the frame, and scrolls within the page shown', () => {
    fc.assert(
      fc.property(pathBelow, pathBelow, segment, (shownPath, path, hash) => {
        const shown = `${BASE}/${shownPath}`;
        expect(linkAction(`${BASE}/${path}#${hash}`, shown, BASE)).toEqual(
          path === shownPath
            ? { kind: 'fragment', hash: `#${hash}` }
            : { kind: 'show', url: `${BASE}/${path}#${hash}` },
        );
      }),
    );
  });

  it('leaves links outside the base to the browser', () => {
    fc.assert(
      fc.property(pathBelow, (path) => {
        for (const outside of [
          `https://api.example.test/videos/${path}`,
          `https://elsewhere.test/video/${path}`,
        ])
          expect(linkAction(outside, `${BASE}/`, BASE)).toEqual({ kind: 'leave' });
      }),
    );
    expect(linkAction(BASE, `${BASE}/`, BASE)).toEqual({ kind: 'show', url: BASE });
  });
});
