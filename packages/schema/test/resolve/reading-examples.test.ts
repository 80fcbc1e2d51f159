/**
 * The examples of a resolved document are examples of the chosen reading (issue 37, item 4): the
 * order of create's answer, the error body, the upload's answer, the other formats of custom fields.
 */
import { describe, expect, it } from 'vitest';
import { unspecified } from '../../src/unspecified.js';
import { type Doc, deref, resolved } from './fidelity-support.js';

describe('create-answer-order', () => {
  const create = (document: Doc) => document.paths['/api/v1/videos'].post;
  const titles = (document: Doc) => {
    const request = create(document).requestBody.content['application/json'].examples.threeVideos;
    const status = Object.keys(create(document).responses)[0] as string;
    const answer = create(document).responses[status].content['application/json'].examples.threeVideos;
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
    expect(answer.value.map((video: Doc) => video.key)).toEqual(['v-0003', 'v-0002', 'v-0001']);
    expect(answer['x-resolved']).toEqual([
      { id: 'create-answer-order', reading: 'reverse-order', from: 'flag' },
    ]);
  });

  it('any-order: the answer example is neither the request order nor its reverse, and holds every requested video once', () => {
    const { requested, answered, answer } = titles(resolved({ 'create-answer-order': 'any-order' }));
    expect(answered).not.toEqual(requested);
    expect(answered).not.toEqual([...requested].reverse());
    for (const video of answer.value) expect(video.key).toBe(`v-000${requested.indexOf(video.title) + 1}`);
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
