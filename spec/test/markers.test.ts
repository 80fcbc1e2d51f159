/** The marker lint rejects every malformed marker with a message that names it and says why. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMarkers, documentSections } from '../tools/markers.js';

const sections = documentSections();
const good = {
  id: 'custom-fields-omitted',
  source: '4.4',
  says: 'Whether omitted fields are kept or removed: not shown.',
  readings: { merge: 'kept', replace: 'removed' },
  mock: 'merge',
};
const specWith = (...markers: unknown[]) => ({
  paths: {
    '/a': {
      put: {
        operationId: 'put',
        description: 'Whether fields are\n  kept is not shown.',
        'x-unspecified': markers,
      },
    },
  },
});
const problemsOf = (...markers: unknown[]) => checkMarkers(specWith(...markers), sections).problems;

describe('checkMarkers', () => {
  it('accepts a well-formed marker and reports its JSON Pointer', () => {
    const { markers, problems } = checkMarkers(specWith(good), sections);
    expect(problems).toEqual([]);
    expect(markers).toEqual([{ ...good, pointer: '/paths/~1a/put' }]);
  });

  it('accepts describedIn naming the words of a description, white space aside', () => {
    const described = {
      ...good,
      describedIn: [{ at: '/paths/~1a/put/description', text: 'fields are kept is not shown.' }],
    };
    expect(problemsOf(described)).toEqual([]);
  });

  it('accepts a marker without readings that says why it has none', () => {
    const bare = { id: 'upload-host', source: '4.2', says: 'Host: not shown.' };
    expect(problemsOf({ ...bare, noReadings: 'An address, not a behaviour.' })).toEqual([]);
    expect(problemsOf(bare)).toEqual([
      'x-unspecified "upload-host" at /paths/~1a/put: a marker without readings needs "noReadings", a sentence saying why none',
    ]);
  });

  // [what is wrong, marker, fragment of the message]
  const malformed: Array<[string, unknown, string]> = [
    ['no id', { ...good, id: undefined }, '"id" is required'],
    ['no source', { ...good, source: undefined }, '"source" is required'],
    ['no says', { ...good, says: '' }, '"says" is required'],
    ['id not kebab-case', { ...good, id: 'Custom_Fields' }, 'id must be kebab-case'],
    ['source not a section', { ...good, source: '4.9' }, 'source "4.9" is not a section'],
    [
      'mock not a reading',
      { ...good, mock: 'append' },
      'mock "append" is not one of its readings (merge, replace)',
    ],
    ['readings without mock', { ...good, mock: undefined }, '"mock" is required when readings are given'],
    [
      'mock without readings',
      { ...good, readings: undefined, noReadings: 'none' },
      '"mock" is given but there are no readings',
    ],
    [
      'noReadings beside readings',
      { ...good, noReadings: 'none' },
      '"noReadings" is given but the marker has readings',
    ],
    ['a single reading', { ...good, readings: { merge: 'kept' } }, 'at least two behaviours'],
    [
      'readings as a list',
      { ...good, readings: ['merge', 'replace'] },
      'readings must map each reading name',
    ],
    ['an unknown member', { ...good, guess: 'merge' }, 'unknown member "guess"'],
    ['describedIn not a list', { ...good, describedIn: {} }, 'describedIn must be a non-empty list'],
    [
      'describedIn naming no text',
      { ...good, describedIn: [{ at: '/paths/~1a/put/summary', text: 'not shown' }] },
      'at "/paths/~1a/put/summary" names no text of the spec',
    ],
    [
      'describedIn of words its place does not hold',
      { ...good, describedIn: [{ at: '/paths/~1a/put/description', text: 'kept or removed' }] },
      'does not hold "kept or removed"',
    ],
    [
      'describedIn of a text that is not prose',
      { ...good, describedIn: [{ at: '/paths/~1a/put/operationId', text: 'put' }] },
      'is not a description or summary',
    ],
    ['not an object', 'merge', 'a marker must be an object'],
  ];

  it.each(malformed)('rejects a marker with %s', (_what, marker, fragment) => {
    const problems = problemsOf(marker);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(fragment);
    expect(problems[0]).toContain('/paths/~1a/put');
  });

  it('rejects a duplicate id and names where it was first used', () => {
    const spec = { 'x-unspecified': [good], components: { 'x-unspecified': good } };
    expect(checkMarkers(spec, sections).problems).toEqual([
      'x-unspecified "custom-fields-omitted" at /components: duplicate id (first used at (root))',
    ]);
  });

  it('rejects any mock that is not among the readings (property)', () => {
    const name = fc.stringMatching(/^[a-z]{1,8}(-[a-z]{1,8})?$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 2, maxLength: 5 }), name, (readings, mock) => {
        const marker = { ...good, readings: Object.fromEntries(readings.map((r) => [r, r])), mock };
        const rejected = problemsOf(marker).some((p) => p.includes('is not one of its readings'));
        expect(rejected).toBe(!readings.includes(mock));
      }),
    );
  });
});
