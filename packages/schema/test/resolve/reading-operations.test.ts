/**
 * An operation a reading adds is listed by the resolved document (issue 37, item 4): under
 * `webhook-registration: api-endpoint` the registration its sentence names (POST /api/v1/webhooks,
 * the Bearer token, a JSON body {url, secret?}, answered 201 with {id, url, secret}, refused with the
 * statuses of the error-codes, token-refusal and media-type-refusal readings); under `outside-api`
 * no such operation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meaningOf, unspecified } from '../../src/unspecified.js';
import { type Doc, resolved } from './fidelity-support.js';

const REGISTRATION = '/api/v1/webhooks';
const sentence = unspecified['webhook-registration'].readings['api-endpoint'];
const readingsOf = (id: 'error-codes' | 'token-refusal' | 'media-type-refusal') =>
  Object.keys(unspecified[id].readings);
/** The statuses each reading of the three refuses with (its `refuses` meaning). */
const statusesOf = (id: 'error-codes' | 'token-refusal' | 'media-type-refusal', reading: string): number[] =>
  (meaningOf(id, reading as never) as { refuses: ReadonlyArray<{ status: number }> }).refuses.map(
    (refusal) => refusal.status,
  );

describe('webhook-registration', () => {
  it('api-endpoint: the document lists the registration its sentence names', () => {
    expect(sentence).toContain(`POST {base_url}${REGISTRATION}`);
    const document = resolved({ 'webhook-registration': 'api-endpoint' });
    const operation = document.paths[REGISTRATION].post;
    expect(operation.operationId).toBe('registerWebhook');
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(operation.description).toBe(sentence);
    expect(operation['x-resolved']).toEqual([
      { id: 'webhook-registration', reading: 'api-endpoint', from: 'flag' },
    ]);
    // "a JSON body {url, secret?}"
    const request = operation.requestBody.content['application/json'].schema;
    expect(Object.keys(operation.requestBody.content)).toEqual(['application/json']);
    expect(Object.keys(request.properties)).toEqual(['url', 'secret']);
    expect(request.required).toEqual(['url']);
    // "answered 201 with {id, url, secret}"
    const answer = operation.responses['201'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(['id', 'url', 'secret']);
    expect(answer.required).toEqual(['id', 'url', 'secret']);
    for (const schema of [request, answer]) {
      for (const example of schema.examples as Doc[]) {
        expect(Object.keys(example).every((member) => member in schema.properties)).toBe(true);
        for (const member of schema.required) expect(example).toHaveProperty(member);
      }
    }
  });

  it('api-endpoint: refused with the statuses of the chosen error-codes, token-refusal and media-type-refusal readings, with the error body', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...readingsOf('error-codes')),
        fc.constantFrom(...readingsOf('token-refusal')),
        fc.constantFrom(...readingsOf('media-type-refusal')),
        (errorCodes, tokenRefusal, mediaTypeRefusal) => {
          const document = resolved({
            'webhook-registration': 'api-endpoint',
            'error-codes': errorCodes,
            'token-refusal': tokenRefusal,
            'media-type-refusal': mediaTypeRefusal,
          });
          const { responses } = document.paths[REGISTRATION].post;
          const refusals = [
            ...statusesOf('error-codes', errorCodes),
            ...statusesOf('token-refusal', tokenRefusal),
            ...statusesOf('media-type-refusal', mediaTypeRefusal),
          ];
          expect(Object.keys(responses)).toEqual([
            '201',
            ...[...new Set(refusals)].sort((a, b) => a - b).map(String),
          ]);
          const error = document.components.responses.Error.content;
          for (const status of refusals) {
            const content = responses[String(status)].content;
            expect(Object.keys(content)).toEqual(Object.keys(error));
            for (const media of Object.keys(error))
              expect(content[media].schema).toEqual(error[media].schema);
          }
          // The body that does not validate is an example pair; the others say why they have none.
          const [invalid] = statusesOf('error-codes', errorCodes);
          const pair = Object.values(responses[String(invalid)].content as Doc)[0].examples;
          expect(Object.keys(pair)).toEqual(['registrationWithoutUrl']);
          const request = document.paths[REGISTRATION].post.requestBody.content['application/json'].examples;
          expect(request.registrationWithoutUrl.value).not.toHaveProperty('url');
          for (const status of statusesOf('token-refusal', tokenRefusal)) {
            expect(responses[String(status)]['x-no-example']).toHaveLength(1);
          }
        },
      ),
      { numRuns: 16 },
    );
  });

  it('outside-api: no request of the API registers a receiver', () => {
    const document = resolved({ 'webhook-registration': 'outside-api' });
    expect(document.paths[REGISTRATION]).toBeUndefined();
    const ids = Object.values(document.paths as Doc).flatMap((item: Doc) =>
      Object.values(item).map((operation: Doc) => operation?.operationId),
    );
    expect(ids).not.toContain('registerWebhook');
  });
});
