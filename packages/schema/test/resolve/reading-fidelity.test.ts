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
    expect(answer['x-resolved']).toEqual([
      { id: 'create-answer-order', reading: 'reverse-order', from: 'flag' },
    ]);
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
  it.each(shapes)(
    '%s: the error schema (%s) requires %j, and its examples only that',
    (reading, media, required) => {
      const document = resolved({ 'error-shape': reading });
      const schema = document.components.schemas.Error;
      expect(schema.required).toEqual(required);
      const answer = document.paths['/api/v1/videos/{videoKey}'].get.responses['404'];
      expect(Object.keys(answer.content)).toEqual([media]);
      const example = answer.content[media].examples.unknownKey.value;
      for (const member of Object.keys(example)) expect(Object.keys(schema.properties)).toContain(member);
      for (const member of required ?? []) expect(example).toHaveProperty(member);
    },
  );

  it('problem-json: a refusal example gives its own status in the status member', () => {
    const document = resolved({ 'error-shape': 'problem-json', 'unknown-video-key': 'forbidden-403' });
    const answer = document.paths['/api/v1/videos/{videoKey}'].get.responses['403'];
    expect(answer.content['application/problem+json'].examples.unknownKey.value).toEqual({ status: 403 });
  });
});

describe('the upload answer example', () => {
  const upload = (document: Doc) => document.paths['/api/upload/v1/form-data/videos/{videoKey}'].post;
  const answerExamples = (document: Doc): Doc[] => {
    const [status] = Object.keys(upload(document).responses);
    const content = upload(document).responses[status as string].content ?? {};
    return Object.values(content as Doc).flatMap((media: Doc) =>
      Object.values(media.examples ?? {}).map((example) => deref(document, example as Doc).value),
    );
  };
  const getExamples = (document: Doc): Doc[] => {
    const get = document.paths['/api/v1/videos/{videoKey}'].get.responses['200'];
    return Object.values(get.content['application/json'].examples).map(
      (example) => deref(document, example as Doc).value,
    );
  };

  it('upload-receipt: the receipt names the key uploaded to and the size of the example file', () => {
    const document = resolved({ 'upload-response-body': 'upload-receipt' });
    const file =
      upload(document).requestBody.content['multipart/form-data'].examples.everyValueForm.value.file;
    const key = document.components.parameters.VideoKey.examples.everyValueForm.value;
    expect(answerExamples(document)).toEqual([
      { videoKey: key, size: new TextEncoder().encode(file).length },
    ]);
  });

  // [video-states reading, the state right after an upload, as its meaning gives it]
  const states: Array<[string, string]> = [
    ['basic', 'processing'],
    ['detailed', 'uploaded'],
    ['processing-stages', 'Processing'],
  ];
  it.each(states)('video-record under video-states=%s: the answer shows %s, not ready', (reading, state) => {
    const document = resolved({ 'video-states': reading, 'readiness-field': 'status-string' });
    expect(unspecified['video-states'].meaning[reading as 'basic'].afterUpload).toBe(state);
    const answers = answerExamples(document);
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.status).toBe(state);
    for (const record of getExamples(document)) expect(record.status).toBe('ready');
  });

  it('video-record under readiness-field=ready-flag: the answer is not ready yet', () => {
    const document = resolved({ 'readiness-field': 'ready-flag' });
    for (const answer of answerExamples(document)) expect(answer.ready).toBe(false);
    for (const record of getExamples(document)) expect(record.ready).toBe(true);
  });
});

describe('custom-field-formats', () => {
  const records = (document: Doc): Doc[] =>
    Object.values(document.components.examples as Doc)
      .map((example) => example.value)
      .filter((value) => value && typeof value === 'object' && 'videoKey' in value);
  /** The type word of each field of the examples, as ByteArk Stream names the form of its value. */
  const TYPES: Record<string, string> = {
    note: 'text',
    views: 'number',
    featured: 'switch',
    publishedAt: 'text',
    topics: 'labels',
  };

  it('with-custom-fields: customFields holds each field of simpleCustomFields with its value and type', () => {
    const document = resolved({ 'custom-field-formats': 'with-custom-fields' });
    const examples = records(document);
    expect(examples.some((record) => Object.keys(record.simpleCustomFields).length === 5)).toBe(true);
    for (const record of examples) {
      expect(record.customFields).toEqual(
        Object.fromEntries(
          Object.entries(record.simpleCustomFields).map(([name, value]) => [
            name,
            { value, type: TYPES[name] },
          ]),
        ),
      );
      expect(record.customFieldEntries).toBeUndefined();
    }
  });

  it('with-field-entries: customFieldEntries lists each field with its key, value and type', () => {
    const document = resolved({ 'custom-field-formats': 'with-field-entries' });
    for (const record of records(document)) {
      expect(record.customFieldEntries).toEqual(
        Object.entries(record.simpleCustomFields).map(([key, value]) => ({ key, value, type: TYPES[key] })),
      );
      expect(Object.keys(record.customFields)).toEqual(Object.keys(record.simpleCustomFields));
    }
  });

  it('simple-only: no other format', () => {
    for (const record of records(resolved({}))) expect(record.customFields).toBeUndefined();
  });
});
