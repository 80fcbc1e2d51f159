/** How the record guard measures: UTF-8 bytes of JSON, and an update's size from what it changes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardUpdate } from '../../src/api/bounds.js';
import { fieldBytes, fieldsBytes, utf8Bytes } from '../../src/api/record-size.js';
import type { RequestReadings } from '../../src/readings/request-readings.js';
import type { FieldValue } from '../../src/state/types.js';

const readings = { get: () => 'validation-400' } as unknown as RequestReadings;
const guards = { maxCustomFields: 1_000, maxRecordBytes: 10_000_000 };
const value = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.array(fc.string()));
const fields = fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), value, { maxKeys: 12 });

describe('utf8Bytes', () => {
  it('is the UTF-8 length of any JSON text (lone surrogates escaped by JSON.stringify)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const json = JSON.stringify(text);
        expect(utf8Bytes(json)).toBe(new TextEncoder().encode(json).byteLength);
      }),
    );
  });
});

/** UTF-8 bytes of `value`'s JSON text, as an encoder counts them: the oracle. */
const encoded = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;
/** Any value a field may hold, and numbers and strings at their edges (escapes, non-ASCII, -0, 1e21). */
const anyValue = fc.oneof(
  value,
  fc.double(),
  fc.constantFrom(-0, 1e21, 5e-324, Number.MAX_VALUE, 0.1),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('"', '\\', '\n', '\u007f', 'é', '😀', 'x'.repeat(70)),
  fc.jsonValue(),
);

describe('fieldBytes', () => {
  it('is the UTF-8 bytes of the name and the value as JSON, plus colon and comma', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 8 }), anyValue, (name, item) => {
        expect(fieldBytes(name, item)).toBe(encoded(name) + encoded(item) + 2);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('fieldsBytes', () => {
  it('is the UTF-8 bytes of the fields as one JSON text, less the last comma that is not there', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), anyValue, { maxKeys: 12 }),
        (object) => {
          const expected = Object.keys(object).length === 0 ? 0 : encoded(object) - 1;
          expect(fieldsBytes(object)).toBe(expected);
          expect(fieldsBytes(Object.freeze(object))).toBe(expected); // measured, then remembered
          expect(fieldsBytes(object)).toBe(expected);
        },
      ),
    );
  });
});

describe('guardUpdate', () => {
  it('measures a chain of updates from their changes as a fresh measure of the result does', () => {
    // What an update keeps of the stored fields: all (merge), none (replace), or some, as a reading
    // of custom-fields-omitted could keep (every other one, in a fresh object).
    const keeps = {
      all: (stored: Readonly<Record<string, FieldValue>>) => stored,
      none: () => Object.freeze({}),
      some: (stored: Readonly<Record<string, FieldValue>>) =>
        Object.fromEntries(Object.entries(stored).filter((_, i) => i % 2 === 0)),
    };
    const step = fc.record({
      body: fields,
      removed: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
      keep: fc.constantFrom('all', 'none', 'some') as fc.Arbitrary<keyof typeof keeps>,
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        let stored: Readonly<Record<string, FieldValue>> = Object.freeze({});
        for (const step of steps) {
          // As the route gives them: the removed names are the body's null members, so none of its others.
          const { body } = step;
          const removed = [...new Set(step.removed)].filter((name) => !Object.hasOwn(body, name));
          const kept = keeps[step.keep](stored);
          const after: Record<string, FieldValue> = { ...kept, ...body };
          for (const name of removed) delete after[name];
          const update = { memberBytes: 0, kept, body, bodyBytes: fieldsBytes(body), removed, after };
          stored = guardUpdate(readings, 'v', update, guards);
          expect(Object.isFrozen(stored)).toBe(true);
          expect(fieldsBytes(stored)).toBe(fieldsBytes({ ...stored }));
        }
      }),
    );
  });
});
