/**
 * Requests for the property test of the resolved documents, drawn with fast-check: reading choices
 * over the registry, and bodies of create (§4.1) and update (§4.4) that are sometimes valid and
 * sometimes not (an empty `videos`, null, texts about the 255-character limit of
 * `field-length-limits: limited`, members of the wrong type). Which is which is never decided here:
 * the resolved document's schema decides.
 */
import { idsWithReadings, readingsOf } from '@video-api/schema';
import fc from 'fast-check';

/** One reading per unknown with readings, each drawn from the registry. */
export const readingChoices: fc.Arbitrary<Record<string, string>> = fc.record(
  Object.fromEntries(
    idsWithReadings.map((id) => [id, fc.constantFrom(...(readingsOf(id) as readonly string[]))]),
  ),
);

/**
 * Short texts mostly; now and then one about 255 characters long, in graphemes of any plane (so
 * that code points, UTF-16 units and graphemes count differently about the limit).
 */
const text = fc.oneof(
  { weight: 8, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 250, maxLength: 262 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 130, maxLength: 250 }) },
);

/** A value of none of the forms a string member takes. */
const notText = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant({}), fc.constant([]));

const entry = fc.record(
  {
    title: fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: notText }),
    tags: fc.array(text, { maxLength: 3 }),
  },
  { requiredKeys: ['title'] },
);

/** A create body: a project key and zero to three videos, or one member of the wrong type. */
export const createBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ projectKey: text, videos: fc.array(entry, { maxLength: 3 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ projectKey: notText, videos: fc.array(entry, { minLength: 1, maxLength: 2 }) }),
  },
  { weight: 1, arbitrary: fc.record({ projectKey: text, videos: fc.oneof(notText, entry) }) },
  { weight: 1, arbitrary: fc.record({ videos: fc.array(entry, { minLength: 1, maxLength: 2 }) }) },
);

/** A custom field value: the five forms of §2, null, or a value of no form (an object, numbers in a list). */
const fieldValue = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 2, arbitrary: fc.boolean() },
  {
    weight: 2,
    arbitrary: fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2999-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
  },
  { weight: 2, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.oneof(fc.constant({}), fc.array(fc.integer(), { minLength: 1, maxLength: 2 })) },
);

/** Custom fields to write: zero to four names (short, or about 255 characters) with values. */
const fields = fc.dictionary(text, fieldValue, { maxKeys: 4, noNullPrototype: true });

/** An update body: `simpleCustomFields`, or a body of the wrong shape (a list, a member too many). */
export const updateBody: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ simpleCustomFields: fields }) },
  { weight: 1, arbitrary: fc.record({ simpleCustomFields: fields, extra: fc.integer() }) },
  { weight: 1, arbitrary: fc.record({ simpleCustomFields: fc.oneof(notText, fc.array(text)) }) },
);

/**
 * An upload: a `file` part of 16 to 64 bytes, or a form without one. The file opens as an MP4 does
 * (the test writes its first bytes): which files a server takes is `upload-source-files`, which no
 * schema can say, so the files drawn are ones every reading takes.
 */
export const uploadForm: fc.Arbitrary<{ fileBytes: number | undefined }> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ fileBytes: fc.integer({ min: 16, max: 64 }) }) },
  { weight: 1, arbitrary: fc.constant({ fileBytes: undefined }) },
);
