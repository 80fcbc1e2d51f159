/**
 * The prose of a resolved document says the chosen reading (issue 37, item 4): the words that
 * describe an unknown as open ("not shown", "the X reading decides") are replaced by its sentence.
 */
import { describe, expect, it } from 'vitest';
import { unspecified } from '../../src/unspecified.js';
import { type Doc, resolved } from './fidelity-support.js';

describe('descriptions say the chosen reading', () => {
  const UPLOAD = '/api/upload/v1/form-data/videos/{videoKey}';
  const squash = (text: string) => text.replace(/\s+/g, ' ');
  const sentence = (id: string, reading: string) => (unspecified as Doc)[id].readings[reading] as string;
  // [readings, where (in the resolved document), words that must be gone, the reading whose sentence is there]
  const places: Array<[Record<string, string>, (document: Doc) => string, string, [string, string]]> = [
    [
      { 'readiness-field': 'ready-flag' },
      (d) => d.paths['/api/v1/videos/{videoKey}'].get.description,
      'the field that shows readiness is not shown',
      ['readiness-field', 'ready-flag'],
    ],
    [
      { 'custom-fields-omitted': 'replace' },
      (d) => d.paths['/api/v1/videos/{videoKey}/custom-fields'].put.description,
      'kept or removed is not shown',
      ['custom-fields-omitted', 'replace'],
    ],
    [
      { 'status-codes': 'semantic' },
      (d) => d.paths['/api/v1/videos'].post.responses['201'].description,
      'The exact status code is not shown',
      ['status-codes', 'semantic'],
    ],
    [
      { 'status-codes': 'semantic', 'upload-response-body': 'upload-receipt' },
      (d) => d.paths[UPLOAD].post.responses['202'].description,
      'are not shown',
      ['upload-response-body', 'upload-receipt'],
    ],
    [
      { 'status-codes': 'semantic' },
      (d) => d.paths[UPLOAD].post.responses['202'].description,
      'are not shown',
      ['status-codes', 'semantic'],
    ],
    [
      { 'webhook-method': 'put' },
      (d) => d.webhooks.videoReadiness.put.description,
      'nor its HTTP method',
      ['webhook-method', 'put'],
    ],
    [
      { 'webhook-signing': 'unsigned' },
      (d) => d.webhooks.videoReadiness.post.description,
      'signing are not shown',
      ['webhook-signing', 'unsigned'],
    ],
    [
      { 'webhook-events': 'ready-only' },
      (d) => d.webhooks.videoReadiness.post.description,
      'event kinds',
      ['webhook-events', 'ready-only'],
    ],
    [
      { 'webhook-payload': 'flat' },
      (d) => d.webhooks.videoReadiness.post.requestBody.description,
      'The payload is not shown',
      ['webhook-payload', 'flat'],
    ],
    [
      { 'webhook-security': 'bearer-secret' },
      (d) => d.components.securitySchemes.webhookSecret.description,
      'any credential is not shown',
      ['webhook-security', 'bearer-secret'],
    ],
    [
      { 'error-shape': 'message-object' },
      (d) => d.components.responses.Error.description,
      'are not shown',
      ['error-shape', 'message-object'],
    ],
    [
      { 'error-codes': 'validation-422' },
      (d) => d.components.responses.Error.description,
      'are not shown',
      ['error-codes', 'validation-422'],
    ],
    [
      { 'custom-field-types': 'any-json' },
      (d) => d.components.schemas.ReadCustomFields.description,
      'either reading of custom-field-types',
      ['custom-field-types', 'any-json'],
    ],
    [
      { 'custom-field-types': 'listed-forms' },
      (d) => d.components.schemas.ReadCustomFieldValue.description,
      'under the any-json reading',
      ['custom-field-types', 'listed-forms'],
    ],
    [
      { 'custom-field-null': 'removes-field' },
      (d) => d.components.schemas.SimpleCustomFields.description,
      'reading decides',
      ['custom-field-null', 'removes-field'],
    ],
    [
      { 'custom-field-null': 'removes-field' },
      (d) => d.components.schemas.SimpleCustomFields.additionalProperties.anyOf[1].description,
      'as the custom-field-null reading says',
      ['custom-field-null', 'removes-field'],
    ],
    [
      { 'video-record-fields': 'listed-only' },
      (d) => d.components.schemas.Video.description,
      'so the record is open',
      ['video-record-fields', 'listed-only'],
    ],
    [
      { 'create-answer-order': 'reverse-order' },
      (d) => d.components.examples.CreateThreeVideosResponse.summary,
      'the order is not shown',
      ['create-answer-order', 'reverse-order'],
    ],
    [
      { 'create-answer-order': 'any-order' },
      (d) => d.paths['/api/v1/videos'].post.responses['200'].links.uploadVideoSource.description,
      'depends on the order of the answer',
      ['create-answer-order', 'any-order'],
    ],
  ];
  it.each(places)(
    '%j: the text says the reading, not that it is open',
    (readings, where, stale, [id, reading]) => {
      const text = squash(where(resolved(readings)));
      expect(text).not.toContain(stale);
      // The sentence, its first letter in either case and its full stop optional (it may stand mid-sentence).
      const said = sentence(id, reading).replace(/\.$/, '');
      expect(text.toLowerCase()).toContain(said.toLowerCase());
    },
  );

  it('keeps what no reading decides: the upload host and the webhook registration stay open', () => {
    const document = resolved({});
    expect(squash(document.paths[UPLOAD].post.description)).toContain(
      'The host of this endpoint is not shown',
    );
    expect(squash(document.webhooks.videoReadiness.post.description)).toContain(
      'How a receiver is registered is not shown.',
    );
  });
});
