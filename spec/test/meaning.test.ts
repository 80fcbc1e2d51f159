/** The meaning of readings: the lint rejects malformed data, and the spec carries the data it should. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMarkers, documentSections, loadSpec } from '../tools/markers.js';
import { schemaProblems } from '../tools/meaning.js';

const sections = documentSections();
const good = {
  id: 'error-shape',
  source: '7',
  says: 'Error response shape: not shown.',
  readings: { plain: 'a message', nested: 'an error member' },
  mock: 'plain',
  meaning: {
    plain: {
      mediaType: 'application/json',
      schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
    },
    nested: { mediaType: 'application/json', schema: { type: 'object' } },
  },
};
const problemsOf = (marker: unknown) =>
  checkMarkers(
    {
      paths: { '/v/{k}': { get: { operationId: 'getVideo' } } },
      components: { 'x-unspecified': marker, schemas: { Video: { type: 'object' } } },
    },
    sections,
  ).problems;

describe('meaning of readings: the lint', () => {
  it('accepts well-formed meaning and keeps it on the marker', () => {
    const { markers, problems } = checkMarkers({ components: { 'x-unspecified': good } }, sections);
    expect(problems).toEqual([]);
    expect(markers[0]?.meaning).toEqual(good.meaning);
  });

  // [what is wrong, meaning, fragment of the message]
  const malformed: Array<[string, unknown, string]> = [
    [
      'a reading that does not exist',
      { ...good.meaning, append: { words: ['a'] } },
      'meaning of "append", which is not one of its readings (plain, nested)',
    ],
    ['not an object', ['plain'], 'meaning must map reading names'],
    [
      'an auth rule that is not one',
      { plain: { ...good.meaning.plain, auth: 'basic' }, nested: { ...good.meaning.nested, auth: 'none' } },
      'auth must be one of bearer, optional, none, got "basic"',
    ],
    [
      'a refusal with a success status',
      {
        plain: { ...good.meaning.plain, refuses: [{ status: 200, on: ['getVideo'] }] },
        nested: { ...good.meaning.nested, refuses: [] },
      },
      'refuses[0]: status must be an error status code (400 to 599), got 200',
    ],
    [
      'a refusal on an operation the spec does not have',
      {
        plain: { ...good.meaning.plain, refuses: [{ status: 404, on: ['deleteVideo'] }] },
        nested: { ...good.meaning.nested, refuses: [] },
      },
      'refuses[0]: on names "deleteVideo", which is not an operation of the spec',
    ],
    [
      'a refusal with an unknown member',
      {
        plain: { ...good.meaning.plain, refuses: [{ status: 404, on: ['getVideo'], body: 1 }] },
        nested: { ...good.meaning.nested, refuses: [] },
      },
      'refuses[0]: unknown member "body"',
    ],
    [
      'a refusal header that is not a header name',
      {
        plain: {
          ...good.meaning.plain,
          refuses: [{ status: 429, on: ['getVideo'], headers: ['Retry After'] }],
        },
        nested: { ...good.meaning.nested, refuses: [] },
      },
      'refuses[0]: headers must be a list of header names',
    ],
    [
      'refuses not a list',
      { plain: { ...good.meaning.plain, refuses: {} }, nested: { ...good.meaning.nested, refuses: [] } },
      'refuses must be a list',
    ],
    [
      'an unknown member',
      { ...good.meaning, plain: { ...good.meaning.plain, code: 400 } },
      'unknown member "code"',
    ],
    [
      'a member given by one reading only',
      { plain: { words: ['a'] }, nested: {} },
      'gives "words" for plain but not for nested',
    ],
    ['empty words', { plain: { words: [] }, nested: { words: ['a'] } }, 'words must be a non-empty list'],
    ['a repeated word', { plain: { words: ['a', 'a'] }, nested: { words: ['a'] } }, 'must not repeat a word'],
    [
      'a media type without subtype',
      { ...good.meaning, plain: { ...good.meaning.plain, mediaType: 'json' } },
      'mediaType "json" is not a media type',
    ],
    [
      'a schema without type',
      { ...good.meaning, nested: { ...good.meaning.nested, schema: {} } },
      'schema: "type" must be one of',
    ],
    [
      'a schema keyword outside the subset',
      { ...good.meaning, nested: { ...good.meaning.nested, schema: { type: 'object', $ref: '#/x' } } },
      'keyword "$ref" is not accepted',
    ],
    [
      'a required name that is not a property',
      {
        ...good.meaning,
        nested: { ...good.meaning.nested, schema: { type: 'object', required: ['error'] } },
      },
      'required "error" is not one of its properties',
    ],
    [
      'a narrowing of a schema the spec does not have',
      {
        plain: { ...good.meaning.plain, narrows: [{ at: '/components/schemas/Nope', set: { minItems: 1 } }] },
        nested: { ...good.meaning.nested, narrows: [] },
      },
      'narrows[0]: at "/components/schemas/Nope" names no schema of the spec',
    ],
    [
      'a narrowing keyword outside the accepted set',
      {
        plain: {
          ...good.meaning.plain,
          narrows: [{ at: '/components/schemas/Video', set: { pattern: 'x' } }],
        },
        nested: { ...good.meaning.nested, narrows: [] },
      },
      'narrows[0]: keyword "pattern" is not accepted',
    ],
    [
      'an order that is not one',
      { plain: { ...good.meaning.plain, order: 'sorted' }, nested: { ...good.meaning.nested, order: 'any' } },
      'order must be one of kept, reversed, any, got "sorted"',
    ],
    [
      'an afterUpload word the reading does not use',
      { plain: { words: ['a', 'b'], afterUpload: 'c' }, nested: { words: ['a'], afterUpload: 'a' } },
      'afterUpload must be one of its words, got "c"',
    ],
    [
      'an empty anyOf in a schema',
      { ...good.meaning, nested: { ...good.meaning.nested, schema: { type: 'object', anyOf: [] } } },
      '"anyOf" must be a non-empty list of schemas',
    ],
    [
      'a method that is not one',
      { plain: { ...good.meaning.plain, method: 'POST' }, nested: { ...good.meaning.nested, method: 'put' } },
      'method must be one of get, put, post, delete, options, head, patch, trace, got "POST"',
    ],
    [
      'a request header that is not a header name',
      {
        plain: { ...good.meaning.plain, headers: ['Webhook Signature'] },
        nested: { ...good.meaning.nested, headers: [] },
      },
      'headers must be a list of header names',
    ],
    [
      'a part media type that is no media type or range',
      {
        plain: { ...good.meaning.plain, parts: { file: 'video' } },
        nested: { ...good.meaning.nested, parts: { file: 'video/*' } },
      },
      'parts: "file" must be a part name with a media type or range (such as video/*), got "video"',
    ],
    [
      'parts for some readings only',
      { plain: { ...good.meaning.plain, parts: { file: '*/*' } }, nested: good.meaning.nested },
      'meaning gives "parts" for plain but not for nested',
    ],
  ];

  it.each(malformed)('rejects meaning with %s, naming the marker', (_what, meaning, fragment) => {
    const problems = problemsOf({ ...good, meaning });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(fragment);
    expect(problems[0]).toContain('"error-shape" at /components');
  });

  it('checks a status map against the operations of the spec', () => {
    const spec = {
      paths: { '/a': { post: { operationId: 'createVideos' } } },
      components: {
        'x-unspecified': {
          ...good,
          meaning: {
            plain: { status: { createVideos: 201, getVideos: 200 } },
            nested: { status: { createVideos: 99 } },
          },
        },
      },
    };
    expect(checkMarkers(spec, sections).problems).toEqual([
      'x-unspecified "error-shape" at /components: meaning of "plain": status names "getVideos", which is not an operation of the spec (createVideos)',
      'x-unspecified "error-shape" at /components: meaning of "nested": status of createVideos must be an HTTP status code (100 to 599), got 99',
    ]);
  });

  it('rejects meaning on a marker without readings', () => {
    const { readings: _r, mock: _m, ...bare } = good;
    expect(problemsOf({ ...bare, noReadings: 'none' })).toEqual([
      'x-unspecified "error-shape" at /components: "meaning" is given but there are no readings to give it to',
    ]);
  });

  it('finds a bad type at any depth of a schema (property)', () => {
    const leaf = fc.constantFrom<unknown>({ type: 'string' }, { type: 'nope' });
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc
          .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('node'))
          .map((properties) => ({ type: 'object', properties })),
        tie('node').map((items) => ({ type: 'array', items })),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (schema) => {
        const bad = JSON.stringify(schema).includes('"nope"');
        expect(schemaProblems(schema).length > 0).toBe(bad);
      }),
    );
  });
});

describe('meaning of readings: the spec', () => {
  const { markers } = checkMarkers(loadSpec());
  const byId = new Map(markers.map((m) => [m.id, m]));

  // [id, reading, the words it uses]
  const words: Array<[string, string, string[]]> = [
    ['video-states', 'basic', ['created', 'processing', 'ready', 'failed']],
    ['video-states', 'detailed', ['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed']],
  ];
  it.each(words)('%s: %s uses the words its sentence names', (id, reading, expected) => {
    expect(byId.get(id)?.meaning?.[reading]?.words).toEqual(expected);
    // Right after an upload the video is no longer created and not yet ready (§3).
    const after = byId.get(id)?.meaning?.[reading]?.afterUpload;
    expect(expected.indexOf(after as string)).toBeGreaterThan(expected.indexOf('created'));
    expect(expected.indexOf(after as string)).toBeLessThan(expected.indexOf('ready'));
    expect(byId.get(id)?.readings?.[reading]).toBe(`States: ${expected.join(', ')}.`);
  });

  // [id, reading, media type, required members (none: the sentence says none is always there)]
  const bodies: Array<[string, string, string, string[] | undefined]> = [
    ['error-shape', 'problem-json', 'application/problem+json', undefined],
    ['error-shape', 'message-object', 'application/json', ['message']],
    ['error-shape', 'error-object', 'application/json', ['error']],
    ['webhook-payload', 'envelope', 'application/json', ['id', 'type', 'createdAt', 'data']],
    ['webhook-payload', 'flat', 'application/json', ['event', 'videoKey', 'state', 'timestamp']],
    ['webhook-payload', 'video-record', 'application/json', ['event', 'video']],
  ];
  it.each(bodies)('%s: %s is a %s body requiring %j', (id, reading, mediaType, required) => {
    const meaning = byId.get(id)?.meaning?.[reading];
    expect(meaning?.mediaType).toBe(mediaType);
    expect((meaning?.schema || undefined)?.required).toEqual(required);
  });

  // [reading of upload-response-body, what its schema requires, or false for no body]
  const uploads: Array<[string, string[] | false]> = [
    ['empty', false],
    ['video-record', ['videoKey', 'simpleCustomFields']],
    ['upload-receipt', ['videoKey', 'size']],
  ];
  it.each(uploads)('upload-response-body: %s has a body requiring %j', (reading, required) => {
    const schema = byId.get('upload-response-body')?.meaning?.[reading]?.schema;
    expect(schema === false ? false : schema?.required).toEqual(required);
  });

  it("upload-response-body: video-record requires what the spec's Video requires", () => {
    const video = (loadSpec() as { components: { schemas: { Video: { required: string[] } } } }).components
      .schemas.Video;
    const schema = byId.get('upload-response-body')?.meaning?.['video-record']?.schema;
    expect((schema || undefined)?.required).toEqual(video.required);
  });

  it('accepts false as a schema (no body) only at the top', () => {
    expect(schemaProblems(false)).toEqual([]);
    expect(schemaProblems({ type: 'object', properties: { a: false } })).toEqual([
      'schema.properties.a must be an object (a JSON Schema), or false for no body',
    ]);
  });

  // [reading of status-codes, create, upload, get, update]
  const statuses: Array<[string, number, number, number, number]> = [
    ['all-200', 200, 200, 200, 200],
    ['semantic', 201, 202, 200, 200],
  ];
  it.each(statuses)(
    'status-codes: %s answers create %i, upload %i, get %i, update %i',
    (reading, ...codes) => {
      expect(byId.get('status-codes')?.meaning?.[reading]?.status).toEqual({
        createVideos: codes[0],
        uploadVideoSource: codes[1],
        getVideo: codes[2],
        updateCustomFields: codes[3],
      });
    },
  );

  // [id, reading, the auth rule, the refusals as "status on operation"]
  const refusals: Array<[string, string, string | undefined, string[]]> = [
    ['error-codes', 'validation-400', undefined, ['400 createVideos uploadVideoSource updateCustomFields']],
    ['error-codes', 'validation-422', undefined, ['422 createVideos uploadVideoSource updateCustomFields']],
    ['rate-limits', 'none', undefined, []],
    [
      'rate-limits',
      '429-retry-after',
      undefined,
      ['429 createVideos uploadVideoSource getVideo updateCustomFields'],
    ],
    ['file-size-limit', 'rejects-413', undefined, ['413 uploadVideoSource']],
    ['file-size-limit', 'no-limit', undefined, []],
    ['video-transitions', 'reupload-rejected', undefined, ['409 uploadVideoSource']],
    ['video-transitions', 'reupload-reprocesses', undefined, []],
    ['video-transitions', 'reupload-until-ready', undefined, ['409 uploadVideoSource']],
    ['auth-get-video', 'required', 'bearer', ['401 getVideo']],
    ['auth-get-video', 'not-required', 'optional', []],
    ['auth-get-video', 'owner-only', 'bearer', ['401 getVideo', '403 getVideo']],
    ['auth-update-custom-fields', 'required', 'bearer', ['401 updateCustomFields']],
    ['auth-update-custom-fields', 'not-required', 'optional', []],
    [
      'auth-update-custom-fields',
      'owner-only',
      'bearer',
      ['401 updateCustomFields', '403 updateCustomFields'],
    ],
  ];
  it.each(refusals)('%s: %s has auth %s and refuses %j', (id, reading, auth, expected) => {
    const meaning = byId.get(id)?.meaning?.[reading];
    expect(meaning?.auth).toBe(auth);
    expect(meaning?.refuses?.map((r) => [r.status, ...r.on].join(' '))).toEqual(expected);
  });

  it('rate-limits: 429-retry-after names the Retry-After header of its refusal', () => {
    expect(byId.get('rate-limits')?.meaning?.['429-retry-after']?.refuses?.[0]?.headers).toEqual([
      'Retry-After',
    ]);
  });

  // [reading of readiness-field, the members it adds to the record]
  const readiness: Array<[string, string[]]> = [
    ['status-string', ['status']],
    ['ready-flag', ['ready']],
    ['playback-only', []],
  ];
  it.each(readiness)('readiness-field: %s adds %j to the record', (reading, members) => {
    const schema = byId.get('readiness-field')?.meaning?.[reading]?.schema;
    expect(Object.keys((schema || undefined)?.properties ?? {})).toEqual(members);
    expect((schema || undefined)?.required ?? []).toEqual(members);
  });

  // The real service's alternative formats (ByteArk Stream documents customFields and customFieldEntries).
  const formats: Array<[string, string[]]> = [
    ['simple-only', []],
    ['with-custom-fields', ['customFields']],
    ['with-field-entries', ['customFields', 'customFieldEntries']],
  ];
  it.each(formats)('custom-field-formats: %s adds %j to the record', (reading, members) => {
    const schema = byId.get('custom-field-formats')?.meaning?.[reading]?.schema;
    expect(Object.keys((schema || undefined)?.properties ?? {})).toEqual(members);
    expect((schema || undefined)?.required ?? []).toEqual(members);
  });

  it('these unknowns carry meaning so far', () => {
    expect(
      markers
        .filter((m) => m.meaning)
        .map((m) => m.id)
        .sort(),
    ).toEqual([
      'auth-get-video',
      'auth-update-custom-fields',
      'create-answer-order',
      'create-empty-videos',
      'custom-field-formats',
      'custom-field-null',
      'custom-field-types',
      'error-codes',
      'error-shape',
      'field-length-limits',
      'file-size-limit',
      'list-order',
      'media-type-refusal',
      'rate-limits',
      'readiness-field',
      'status-codes',
      'token-refusal',
      'unknown-project-key',
      'unknown-video-key',
      'upload-form-parts',
      'upload-response-body',
      'upload-source-files',
      'video-record-fields',
      'video-states',
      'video-transitions',
      'videos-per-create-limit',
      'webhook-method',
      'webhook-payload',
      'webhook-registration',
      'webhook-security',
      'webhook-signing',
    ]);
  });

  // [id, reading, "pointer keyword=value" of each narrowing]
  const narrows: Array<[string, string, string[]]> = [
    [
      'create-empty-videos',
      'rejected',
      ['/components/schemas/CreateVideosRequest/properties/videos minItems=1'],
    ],
    // §1 "one or more" is the spec's minItems 1; accepting none takes it back to 0.
    [
      'create-empty-videos',
      'accepted-empty',
      ['/components/schemas/CreateVideosRequest/properties/videos minItems=0'],
    ],
    [
      'upload-form-parts',
      'extra-parts-ignored',
      [
        '/components/schemas/UploadVideoSourceRequest propertyNames={"pattern":"^[^\\\\x00-\\\\x08\\\\x0A-\\\\x1F\\\\x7F]*$"}',
      ],
    ],
    ['upload-form-parts', 'lenient', []],
    [
      'upload-form-parts',
      'file-only',
      ['/components/schemas/UploadVideoSourceRequest additionalProperties=false'],
    ],
    [
      'custom-field-null',
      'rejected',
      [
        '/components/schemas/SimpleCustomFields/additionalProperties anyOf=[{"$ref":"#/components/schemas/CustomFieldValue"}]',
      ],
    ],
    ['custom-field-null', 'removes-field', []],
    [
      'custom-field-types',
      'listed-forms',
      ['/components/schemas/ReadCustomFieldValue anyOf=[{"$ref":"#/components/schemas/CustomFieldValue"}]'],
    ],
    ['custom-field-types', 'any-json', []],
    [
      'videos-per-create-limit',
      'limited',
      ['/components/schemas/CreateVideosRequest/properties/videos maxItems=100'],
    ],
    ['videos-per-create-limit', 'unlimited', []],
    [
      'field-length-limits',
      'limited',
      [
        '/components/schemas/CreateVideoEntry/properties/title maxLength=255',
        '/components/schemas/CreateVideoEntry/properties/tags/items maxLength=255',
        '/components/schemas/SimpleCustomFields propertyNames={"maxLength":255}',
        '/components/schemas/CustomFieldValue/anyOf/0 maxLength=255',
        '/components/schemas/CustomFieldValue/anyOf/4/items maxLength=255',
      ],
    ],
    ['field-length-limits', 'unlimited', []],
  ];
  it.each(narrows)('%s: %s narrows %j', (id, reading, expected) => {
    const found = (byId.get(id)?.meaning?.[reading]?.narrows ?? []).flatMap(({ at, set }) =>
      Object.entries(set).map(([keyword, value]) => `${at} ${keyword}=${JSON.stringify(value)}`),
    );
    expect(found).toEqual(expected);
  });

  // [id, reading, how the list comes back]
  const orders: Array<[string, string, string]> = [
    ['create-answer-order', 'request-order', 'kept'],
    ['create-answer-order', 'reverse-order', 'reversed'],
    ['create-answer-order', 'any-order', 'any'],
    ['list-order', 'kept', 'kept'],
    ['list-order', 'any-order', 'any'],
  ];
  it.each(orders)('%s: %s gives the list back %s', (id, reading, order) => {
    expect(byId.get(id)?.meaning?.[reading]?.order).toBe(order);
  });

  // [id, reading, the method of the request it concerns, the headers that request carries]
  const deliveries: Array<[string, string, string | undefined, string[] | undefined]> = [
    ['webhook-method', 'post', 'post', undefined],
    ['webhook-method', 'put', 'put', undefined],
    ['webhook-signing', 'hmac-sha256-timestamped', undefined, ['Webhook-Signature']],
    ['webhook-signing', 'hmac-sha256-body', undefined, ['Webhook-Signature']],
    ['webhook-signing', 'unsigned', undefined, []],
  ];
  it.each(deliveries)('%s: %s is a %s request carrying the headers %j', (id, reading, method, headers) => {
    const meaning = byId.get(id)?.meaning?.[reading];
    expect(meaning?.method).toBe(method);
    expect(meaning?.headers).toEqual(headers);
  });

  // [id, reading, the media type of each multipart part it takes]
  const parts: Array<[string, string, Record<string, string>]> = [
    ['upload-source-files', 'any-file', { file: 'application/octet-stream' }],
    ['upload-source-files', 'video-only', { file: 'video/*' }],
  ];
  it.each(parts)('%s: %s takes the parts %j', (id, reading, expected) => {
    expect(byId.get(id)?.meaning?.[reading]?.parts).toEqual(expected);
  });

  it('upload-response-body: video-record is the resolved record (sameAs the Video schema)', () => {
    expect(byId.get('upload-response-body')?.meaning?.['video-record']?.sameAs).toBe(
      '/components/schemas/Video',
    );
  });

  it('error-shape: each reading lists the problems of a request that did not validate', () => {
    const schema = (reading: string) => byId.get('error-shape')?.meaning?.[reading]?.schema || {};
    const properties = (node: unknown) => Object.keys((node as { properties?: object }).properties ?? {});
    expect(properties(schema('problem-json'))).toContain('errors');
    expect(properties(schema('message-object'))).toContain('errors');
    const error = (schema('error-object') as { properties: { error: unknown } }).properties.error;
    expect(properties(error)).toContain('details');
  });
});
