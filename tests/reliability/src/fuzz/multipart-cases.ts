/**
 * Upload requests (§4.2): valid forms, malformed and truncated multipart, wrong and missing
 * boundaries, missing and duplicate `file` parts, and bodies that are not multipart at all.
 */
import fc from 'fast-check';
import { paths } from '../support/http.js';
import { dress, type FormGen, type Parts } from './dress.js';
import type { FuzzCase, MultipartPart } from './types.js';
import { jsonContentType, keyArb, text } from './values.js';

const partArb: fc.Arbitrary<MultipartPart> = fc.record(
  {
    name: fc.oneof(fc.constant('file'), fc.constantFrom('files', 'File', 'upload', ''), text),
    filename: fc.oneof(fc.constant('clip.mp4'), text, fc.constantFrom('../../x.mp4', 'a"b.mp4', 'c:\\x.mp4')),
    contentType: fc.constantFrom('video/mp4', 'application/octet-stream', 'text/plain', ''),
    content: fc.string({ unit: 'binary', maxLength: 300 }),
  },
  { requiredKeys: ['name', 'content'] },
);

const multipart: fc.Arbitrary<FormGen> = fc.oneof(
  fc
    .tuple(
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 180 }),
      fc.constantFrom('----b1', 'xYz', 'a'.repeat(70)),
    )
    .map(
      ([content, boundary]): FormGen => [
        'upload: valid',
        {
          boundary,
          announced: boundary,
          unterminated: false,
          keep: 1,
          parts: [{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', content }],
        },
        'success',
      ],
    ),
  fc
    .record({
      boundary: fc.constantFrom('----b1', 'q', 'with space', '"quoted"'),
      announced: fc.oneof(
        fc.constant<string | null>(null),
        fc.constantFrom('----b1', 'other', '', 'x'.repeat(200)),
      ),
      parts: fc.array(partArb, { maxLength: 4 }),
      unterminated: fc.boolean(),
      keep: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    })
    .map((form): FormGen => ['upload: malformed', form, 'any']),
  fc
    .array(
      partArb.filter((p) => p.name !== 'file'),
      { maxLength: 3 },
    )
    .map(
      (parts): FormGen => [
        'upload: no file part',
        { boundary: 'b', announced: 'b', unterminated: false, keep: 1, parts },
        'client-error',
      ],
    ),
  fc.array(fc.string({ maxLength: 50 }), { minLength: 2, maxLength: 4 }).map(
    (contents): FormGen => [
      'upload: two files in the field "file"',
      {
        boundary: 'b',
        announced: 'b',
        unterminated: false,
        keep: 1,
        parts: contents.map((content) => ({ name: 'file', filename: 'a.mp4', content })),
      },
      // One request uploads one file (§4.2): a second in the field is refused, not dropped.
      'client-error',
    ],
  ),
);

/** Upload cases against the existing `keys` (and some unknown ones). */
export function uploadCase(keys: readonly string[]): fc.Arbitrary<FuzzCase> {
  const parts = fc.tuple(keyArb(keys), multipart).map(
    ([key, [label, form, expect]]): Parts => ({
      label,
      method: 'POST',
      path: paths.upload(key),
      headers: {
        'content-type':
          form.announced === null ? 'multipart/form-data' : `multipart/form-data; boundary=${form.announced}`,
      },
      body: { kind: 'multipart', form },
      expect: keys.includes(key) ? expect : 'client-error',
    }),
  );
  const wrongType = fc.tuple(keyArb(keys), jsonContentType, text).map(
    ([key, type, body]): Parts => ({
      label: 'upload: not multipart',
      method: 'POST',
      path: paths.upload(key),
      headers: type === '' ? {} : { 'content-type': type },
      body: { kind: 'text', text: body },
      expect: 'client-error',
    }),
  );
  return dress(fc.oneof({ weight: 4, arbitrary: parts }, { weight: 1, arbitrary: wrongType }));
}
