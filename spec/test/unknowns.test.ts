/**
 * Every "not shown" of the interface document is marked in the spec, and no marker is invented:
 * one row per unknown id, with the section it comes from.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkMarkers, interfacePath, loadSpec } from '../tools/markers.js';

const { markers, problems } = checkMarkers(loadSpec());
const byId = new Map(markers.map((m) => [m.id, m]));

// [id, source section, has readings]
const unknowns: Array<[string, string, boolean]> = [
  ['create-empty-videos', '1', true],
  ['unknown-project-key', '7', true],
  ['upload-source-files', '4.2', true],
  ['upload-form-parts', '4.2', true],
  ['date-time-read-back', '2', true],
  ['create-answer-order', '4.1', true],
  ['video-record-fields', '2', true],
  ['custom-field-types', '2', true],
  ['list-order', '2', true],
  ['custom-field-definition', '2', true],
  ['custom-field-formats', '2', true],
  ['custom-field-null', '2', true],
  ['streaming-domain', '2', false],
  ['video-states', '3', true],
  ['video-transitions', '3', true],
  ['upload-host', '4.2', false],
  ['upload-response-body', '4.2', true],
  ['readiness-field', '4.3', true],
  ['custom-fields-omitted', '4.4', true],
  ['status-codes', '4.5', true],
  ['auth-get-video', '5', true],
  ['auth-update-custom-fields', '5', true],
  ['webhook-events', '6', true],
  ['webhook-payload', '6', true],
  ['webhook-registration', '6', true],
  ['webhook-signing', '6', true],
  ['webhook-delivery', '6', true],
  ['webhook-method', '6', true],
  ['webhook-security', '6', true],
  ['error-shape', '7', true],
  ['error-codes', '7', true],
  ['unknown-video-key', '7', true],
  ['token-refusal', '7', true],
  ['media-type-refusal', '7', true],
  ['rate-limits', '8', true],
  ['file-size-limit', '8', true],
  ['videos-per-create-limit', '8', true],
  ['field-length-limits', '8', true],
  ['versioning-policy', '9', false],
];

// The conditions of errors (§7), where they sit, and the status each reading refuses with: the
// mock plays them and the contract suite observes them from this meaning, so none may go missing.
// [id, JSON Pointer of its node, reading → status]
const conditions: Array<[string, string, Record<string, number>]> = [
  [
    'unknown-video-key',
    '/components/parameters/VideoKey',
    { 'not-found-404': 404, 'forbidden-403': 403, 'bad-request-400': 400 },
  ],
  [
    'token-refusal',
    '/components/securitySchemes/bearerAuth',
    { 'unauthorized-401': 401, 'forbidden-403': 403 },
  ],
  ['media-type-refusal', '', { 'unsupported-415': 415, 'bad-request-400': 400 }],
];

describe('the conditions of errors are unknowns with their refusals (§7)', () => {
  it.each(conditions)('%s sits at "%s" and each reading refuses with its status', (id, pointer, statuses) => {
    const marker = byId.get(id);
    expect(marker?.pointer).toBe(pointer);
    expect(Object.keys(marker?.readings ?? {})).toEqual(Object.keys(statuses));
    for (const [reading, status] of Object.entries(statuses)) {
      const refuses = marker?.meaning?.[reading]?.refuses ?? [];
      expect(refuses.map((r) => r.status)).toEqual([status]);
    }
  });
});

// What the public docs of the real service behind this interface (ByteArk Stream) show, each a
// reading, so that no layer settles it otherwise: [id, reading, a word its sentence names].
const service: Array<[string, string, string]> = [
  ['video-states', 'processing-stages', 'Source ingression'],
  ['custom-field-definition', 'typed', 'switch'],
  ['custom-field-formats', 'with-custom-fields', 'customFields'],
  ['custom-field-formats', 'with-field-entries', 'customFieldEntries'],
  ['token-refusal', 'forbidden-403', '403'],
];

describe("the real service's facts are readings", () => {
  it.each(service)('%s has the reading %s, naming %s', (id, reading, word) => {
    expect(byId.get(id)?.readings?.[reading]).toContain(word);
  });

  it('video-states: processing-stages uses the stages of the webhook guide, then ready and failed', () => {
    expect(byId.get('video-states')?.meaning?.['processing-stages']?.words).toEqual([
      'Source waiting',
      'Source ingression',
      'Processing',
      'Partially completed',
      'ready',
      'failed',
    ]);
  });
});

describe('unknowns of the document', () => {
  it('every marker is well formed', () => {
    expect(problems).toEqual([]);
  });

  it.each(unknowns)('%s is marked, from §%s', (id, source, hasReadings) => {
    const marker = byId.get(id);
    expect(marker, `no x-unspecified marker with id ${id}`).toBeDefined();
    expect(marker?.source).toBe(source);
    expect(marker?.readings !== undefined).toBe(hasReadings);
  });

  it('no marker is missing from the table above (nothing invented, nothing dropped)', () => {
    expect(markers.map((m) => m.id).sort()).toEqual(unknowns.map(([id]) => id).sort());
  });

  const document = readFileSync(interfacePath, 'utf8');
  const notShown = document
    .split('\n')
    .flatMap((line) => line.split(/(?<=\.)\s+(?=[A-Z])/))
    .filter((sentence) => sentence.includes('not shown'))
    .map((sentence) => sentence.replace(/^[-\d.\s]+/, '').trim());

  it('the document has the "not shown" sentences this table was written from', () => {
    expect(notShown.length).toBe(14);
  });

  it.each(notShown)('"%s" is quoted by a marker', (sentence) => {
    expect(markers.some((m) => m.says.includes(sentence))).toBe(true);
  });
});
