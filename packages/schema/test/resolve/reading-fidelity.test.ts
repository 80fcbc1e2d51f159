/**
 * The resolved document says what each reading says (issue 37, item 4): for a reading, the schema,
 * the example and the description of the place it concerns are checked against the reading's words.
 * Here the record and the webhook's delivery; reading-examples.test.ts holds the examples,
 * reading-descriptions.test.ts the prose.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/resolve/index.js';
import { unspecified } from '../../src/unspecified.js';
import { type Doc, resolved, webhookOperation } from './fidelity-support.js';

const webhookBody = (document: JsonObject): Doc =>
  webhookOperation(document).requestBody.content['application/json'].schema;

describe('video-record-fields', () => {
  it('listed-only closes the record: only the listed members, the record examples among them', () => {
    const document = resolved({ 'video-record-fields': 'listed-only' });
    const video = document.components.schemas.Video;
    expect(video.additionalProperties).toBe(false);
    expect(Object.keys(video.properties).sort()).toEqual(['simpleCustomFields', 'status', 'videoKey']);
    for (const example of Object.values(document.components.examples as Doc)) {
      if (!('videoKey' in (example.value ?? {}))) continue;
      for (const member of Object.keys(example.value))
        expect(Object.keys(video.properties)).toContain(member);
    }
    expect(video['x-resolved']).toContainEqual({
      id: 'video-record-fields',
      reading: 'listed-only',
      from: 'flag',
    });
  });

  it('with-extra-fields keeps it open', () => {
    expect(resolved({}).components.schemas.Video.additionalProperties).toBe(true);
  });
});

describe('video-states in the webhook payload', () => {
  it.each([
    ['envelope', 'basic', (body: Doc) => body.properties.data.properties.state],
    ['flat', 'detailed', (body: Doc) => body.properties.state],
  ] as const)('%s payload: state takes the words of video-states=%s', (payload, states, stateOf) => {
    const document = resolved({ 'webhook-payload': payload, 'video-states': states });
    const words = {
      basic: ['created', 'processing', 'ready', 'failed'],
      detailed: ['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed'],
    }[states];
    expect(stateOf(webhookBody(document)).enum).toEqual(words);
    expect(stateOf(webhookBody(document))['x-resolved']).toContainEqual({
      id: 'video-states',
      reading: states,
      from: 'flag',
    });
    // The reading's schema in the registry is not changed by a resolve.
    expect(stateOf(webhookBody(resolved({ 'webhook-payload': payload }))).enum).toEqual([
      'created',
      'processing',
      'ready',
      'failed',
    ]);
    expect(JSON.stringify(unspecified['webhook-payload'])).not.toContain('"enum"');
  });
});

describe('webhook-method', () => {
  it.each(['post', 'put'] as const)('%s: the delivery sits under that method only', (method) => {
    const document = resolved({ 'webhook-method': method });
    const item = document.webhooks.videoReadiness;
    expect(Object.keys(item).filter((key) => !key.startsWith('x-'))).toEqual([method]);
    expect(item[method].operationId).toBe('videoReadinessWebhook');
    expect(item[method]['x-resolved']).toContainEqual({
      id: 'webhook-method',
      reading: method,
      from: 'flag',
    });
    expect(item[method].requestBody.content['application/json'].schema.required).toContain('data');
  });
});

describe('webhook-signing', () => {
  const signature = (document: Doc) =>
    (webhookOperation(document).parameters ?? []).filter(
      (parameter: Doc) => parameter.in === 'header' && /signature/i.test(parameter.name),
    );
  it.each(['hmac-sha256-timestamped', 'hmac-sha256-body'] as const)(
    '%s: the delivery carries its signature header, described by the reading',
    (reading) => {
      const [header, ...others] = signature(resolved({ 'webhook-signing': reading }));
      expect(others).toEqual([]);
      expect(header).toMatchObject({ name: 'Webhook-Signature', in: 'header', required: true });
      expect(header.schema).toEqual({ type: 'string' });
      expect(header.description).toContain(unspecified['webhook-signing'].readings[reading]);
      expect(header['x-resolved']).toEqual([{ id: 'webhook-signing', reading, from: 'flag' }]);
    },
  );

  it('unsigned: no signature header', () => {
    expect(signature(resolved({ 'webhook-signing': 'unsigned' }))).toEqual([]);
  });
});
