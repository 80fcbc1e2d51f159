/**
 * The resolved document says what each reading says (issue 37, item 4): for a reading, the schema,
 * the example and the description of the place it concerns are checked against the reading's words.
 */
import { describe, expect, it } from 'vitest';
import { type JsonObject, resolveSpec } from '../../src/resolve/index.js';
import { unspecified } from '../../src/unspecified.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the JSON of the document.
type Doc = Record<string, any>;
const resolved = (readings: Record<string, string>): Doc => resolveSpec({ readings }).document as Doc;
/** The webhook's delivery, under whichever method the document puts it. */
const webhookOperation = (document: JsonObject): Doc => {
  const item = (document as Doc).webhooks.videoReadiness;
  return item.post ?? item.put;
};
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

/** The node a `$ref` of the document stands for (or the node itself). */
const deref = (document: Doc, node: Doc): Doc =>
  typeof node?.$ref === 'string'
    ? node.$ref
        .slice(2)
        .split('/')
        .reduce((at: Doc, key: string) => at?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document)
    : node;

describe('create-answer-order', () => {
  const create = (document: Doc) => document.paths['/api/v1/videos'].post;
  const titles = (document: Doc) => {
    const request = create(document).requestBody.content['application/json'].examples.twoVideos;
    const status = Object.keys(create(document).responses)[0] as string;
    const answer = create(document).responses[status].content['application/json'].examples.twoVideos;
    return {
      requested: deref(document, request).value.videos.map((video: Doc) => video.title),
      answered: deref(document, answer).value.map((video: Doc) => video.title),
      answer: deref(document, answer),
    };
  };

  it('request-order: the answer example follows the request', () => {
    const { requested, answered } = titles(resolved({ 'create-answer-order': 'request-order' }));
    expect(answered).toEqual(requested);
  });

  it('reverse-order: the answer example is the request reversed, each key with its title', () => {
    const { requested, answered, answer } = titles(resolved({ 'create-answer-order': 'reverse-order' }));
    expect(answered).toEqual([...requested].reverse());
    expect(answer.value.map((video: Doc) => video.key)).toEqual(['v-0002', 'v-0001']);
    expect(answer['x-resolved']).toEqual([{ id: 'create-answer-order', reading: 'reverse-order', from: 'flag' }]);
  });

  it('any-order: the answer example is not in the request order, and holds every requested video once', () => {
    const { requested, answered } = titles(resolved({ 'create-answer-order': 'any-order' }));
    expect(answered).not.toEqual(requested);
    expect([...answered].sort()).toEqual([...requested].sort());
  });
});

describe('error-shape', () => {
  // [reading, the members its sentence says the body has for certain]
  const shapes: Array<[string, string, string[] | undefined]> = [
    ['problem-json', 'application/problem+json', undefined],
    ['message-object', 'application/json', ['message']],
    ['error-object', 'application/json', ['error']],
  ];
  it.each(shapes)('%s: the error schema (%s) requires %j, and its examples only that', (reading, media, required) => {
    const document = resolved({ 'error-shape': reading });
    const schema = document.components.schemas.Error;
    expect(schema.required).toEqual(required);
    const answer = document.paths['/api/v1/videos/{videoKey}'].get.responses['404'];
    expect(Object.keys(answer.content)).toEqual([media]);
    const example = answer.content[media].examples.unknownKey.value;
    for (const member of Object.keys(example)) expect(Object.keys(schema.properties)).toContain(member);
    for (const member of required ?? []) expect(example).toHaveProperty(member);
  });

  it('problem-json: a refusal example gives its own status in the status member', () => {
    const document = resolved({ 'error-shape': 'problem-json', 'unknown-video-key': 'forbidden-403' });
    const answer = document.paths['/api/v1/videos/{videoKey}'].get.responses['403'];
    expect(answer.content['application/problem+json'].examples.unknownKey.value).toEqual({ status: 403 });
  });
});
