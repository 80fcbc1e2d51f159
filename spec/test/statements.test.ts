/**
 * The spec says what the interface document says: one row per statement of the document.
 * A later edit that drops a statement, or states as fact something the document leaves open,
 * fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../tools/markers.js';
import { at, path } from './pointer.js';

const spec = loadSpec();
const create = `${path('/api/v1/videos')}/post`;
const upload = `${path('/api/upload/v1/form-data/videos/{videoKey}')}/post`;
const get = `${path('/api/v1/videos/{videoKey}')}/get`;
const put = `${path('/api/v1/videos/{videoKey}/custom-fields')}/put`;
const schemas = '/components/schemas';

// [section, statement, JSON Pointer, expected value]
const statements: Array<[string, string, string, unknown]> = [
  ['1', 'base address is a server variable', '/servers/0/url', '{base_url}'],
  ['4.1', 'create is POST /api/v1/videos', `${create}/operationId`, 'createVideos'],
  [
    '4.1',
    'create takes a JSON body',
    `${create}/requestBody/content/application~1json/schema/$ref`,
    '#/components/schemas/CreateVideosRequest',
  ],
  [
    '4.1',
    'projectKey and videos are required',
    `${schemas}/CreateVideosRequest/required`,
    ['projectKey', 'videos'],
  ],
  ['4.1', 'projectKey is a string', `${schemas}/CreateVideosRequest/properties/projectKey/type`, 'string'],
  ['4.1', 'videos is an array', `${schemas}/CreateVideosRequest/properties/videos/type`, 'array'],
  ['1', 'one or more video records', `${schemas}/CreateVideosRequest/properties/videos/minItems`, 1],
  ['4.1', 'videos[].title is required', `${schemas}/CreateVideoEntry/required`, ['title']],
  ['4.1', 'videos[].title is a string', `${schemas}/CreateVideoEntry/properties/title/type`, 'string'],
  [
    '4.1',
    'videos[].tags is an array of strings',
    `${schemas}/CreateVideoEntry/properties/tags/items/type`,
    'string',
  ],
  [
    '4.1',
    'the response is an array of created videos',
    `${create}/responses/2XX/content/application~1json/schema/type`,
    'array',
  ],
  [
    '4.1',
    'each element is a created video',
    `${create}/responses/2XX/content/application~1json/schema/items/$ref`,
    '#/components/schemas/CreatedVideo',
  ],
  [
    '2',
    'created video: key, title, primaryPlaybackUrl',
    `${schemas}/CreatedVideo/required`,
    ['key', 'title', 'primaryPlaybackUrl'],
  ],
  ['2', 'primaryPlaybackUrl: name and hls', `${schemas}/PlaybackUrl/required`, ['name', 'hls']],
  ['2', 'hls: name and url', `${schemas}/HlsPlayback/required`, ['name', 'url']],
  ['2', 'hls.url is a URL', `${schemas}/HlsPlayback/properties/url/format`, 'uri'],
  [
    '2',
    'hls.url is the address of an HLS playlist (.m3u8), in the words of the document (no pattern)',
    `${schemas}/HlsPlayback/properties/url/description`,
    'Address of an HLS playlist (.m3u8) under the streaming domain, with the video key in the path.',
  ],
  ['5', 'create requires a Bearer token', `${create}/security`, [{ bearerAuth: [] }]],
  [
    '4.2',
    'upload is POST /api/upload/v1/form-data/videos/{videoKey}',
    `${upload}/operationId`,
    'uploadVideoSource',
  ],
  [
    '4.2',
    'upload body is multipart/form-data',
    `${upload}/requestBody/content/multipart~1form-data/schema/$ref`,
    '#/components/schemas/UploadVideoSourceRequest',
  ],
  ['4.2', 'the form field file is required', `${schemas}/UploadVideoSourceRequest/required`, ['file']],
  ['4.2', 'file is binary', `${schemas}/UploadVideoSourceRequest/properties/file/format`, 'binary'],
  [
    '4.2',
    'the file part is sent as binary content',
    `${upload}/requestBody/content/multipart~1form-data/encoding/file/contentType`,
    'application/octet-stream',
  ],
  ['4.2', 'videoKey is a path parameter', '/components/parameters/VideoKey/in', 'path'],
  ['5', 'upload requires a Bearer token', `${upload}/security`, [{ bearerAuth: [] }]],
  ['5', 'the Bearer scheme is HTTP bearer', '/components/securitySchemes/bearerAuth/scheme', 'bearer'],
  ['4.3', 'get is GET /api/v1/videos/{videoKey}', `${get}/operationId`, 'getVideo'],
  [
    '4.3',
    'get returns the video record',
    `${get}/responses/2XX/content/application~1json/schema/$ref`,
    '#/components/schemas/Video',
  ],
  [
    '2',
    'video record: videoKey and simpleCustomFields',
    `${schemas}/Video/required`,
    ['videoKey', 'simpleCustomFields'],
  ],
  ['2', 'the video record is open (responses are shortened)', `${schemas}/Video/additionalProperties`, true],
  [
    '2',
    'simpleCustomFields maps names to values',
    `${schemas}/SimpleCustomFields/additionalProperties/anyOf/0/$ref`,
    '#/components/schemas/CustomFieldValue',
  ],
  [
    '4.4',
    'the update body writes the map of values',
    `${schemas}/UpdateCustomFieldsRequest/properties/simpleCustomFields/$ref`,
    '#/components/schemas/SimpleCustomFields',
  ],
  [
    '4.3',
    'the record holds the map of all custom fields, as read',
    `${schemas}/Video/properties/simpleCustomFields/$ref`,
    '#/components/schemas/ReadCustomFields',
  ],
  [
    '2',
    'a value read is one of the forms of §2, or more',
    `${schemas}/ReadCustomFieldValue/anyOf/0/$ref`,
    '#/components/schemas/CustomFieldValue',
  ],
  ['2', 'value form: string', `${schemas}/CustomFieldValue/anyOf/0/type`, 'string'],
  ['2', 'value form: number', `${schemas}/CustomFieldValue/anyOf/1/type`, 'number'],
  ['2', 'value form: boolean', `${schemas}/CustomFieldValue/anyOf/2/type`, 'boolean'],
  [
    '2',
    'value form: ISO 8601 UTC date-time string',
    `${schemas}/CustomFieldValue/anyOf/3/format`,
    'date-time',
  ],
  ['2', 'value form: array of strings', `${schemas}/CustomFieldValue/anyOf/4/items/type`, 'string'],
  [
    '4.4',
    'update is PUT /api/v1/videos/{videoKey}/custom-fields',
    `${put}/operationId`,
    'updateCustomFields',
  ],
  [
    '4.4',
    'update body: one member, simpleCustomFields',
    `${schemas}/UpdateCustomFieldsRequest/required`,
    ['simpleCustomFields'],
  ],
  [
    '4.4',
    'update body has no other member',
    `${schemas}/UpdateCustomFieldsRequest/additionalProperties`,
    false,
  ],
  [
    '4.4',
    'update returns the record in the shape of 4.3',
    `${put}/responses/2XX/content/application~1json/schema/$ref`,
    '#/components/schemas/Video',
  ],
  [
    '4.1',
    'each key is used in the upload request (a link)',
    `${create}/responses/2XX/links/uploadVideoSource/parameters/videoKey`,
    '$response.body#/0/key',
  ],
  [
    '2',
    'the key identifies the video in later requests: get (a link)',
    `${create}/responses/2XX/links/getVideo/parameters/videoKey`,
    '$response.body#/0/key',
  ],
  [
    '2',
    'the key identifies the video in later requests: update (a link)',
    `${create}/responses/2XX/links/updateCustomFields/parameters/videoKey`,
    '$response.body#/0/key',
  ],
  [
    '4.2',
    'the key in the upload path is the video polled afterwards (§1 step 3, a link)',
    `${upload}/responses/2XX/links/getVideo/parameters/videoKey`,
    '$request.path.videoKey',
  ],
  [
    '4.3',
    'the record read names its video: update it (a link)',
    `${get}/responses/2XX/links/updateCustomFields/parameters/videoKey`,
    '$response.body#/videoKey',
  ],
  [
    '4.4',
    'the record written names its video: read it (a link)',
    `${put}/responses/2XX/links/getVideo/parameters/videoKey`,
    '$response.body#/videoKey',
  ],
  ['6', 'a webhook is offered', '/webhooks/videoReadiness/post/operationId', 'videoReadinessWebhook'],
  ['9', 'the version is a path segment', '/info/version', 'v1'],
];

describe('the spec states what the document states', () => {
  it('§1 the service hosts videos for streaming', () => {
    expect(at(spec, '/info/description')).toContain('The service hosts videos for streaming (§1).');
  });

  it.each(statements)('§%s %s', (_section, _statement, pointer, expected) => {
    expect(at(spec, pointer)).toEqual(expected);
  });
});

describe('the spec states nothing the document leaves open', () => {
  const operations = [create, upload, get, put];

  it.each(operations)('%s declares only status ranges and default (§4.5)', (operation) => {
    const codes = Object.keys(at(spec, `${operation}/responses`) as object);
    expect(codes.sort()).toEqual(['2XX', 'default']);
  });

  it.each([get, put])('%s neither requires nor waives a token, Bearer listed first (§5)', (operation) => {
    expect(at(spec, `${operation}/security`)).toEqual([{ bearerAuth: [] }, {}]);
  });

  it('the upload response body is left open (§4.2)', () => {
    expect(at(spec, `${upload}/responses/2XX/content`)).toEqual({ '*/*': { schema: {} } });
  });

  it('the error response is left open (§7)', () => {
    expect(at(spec, '/components/responses/Error/content')).toEqual({ '*/*': { schema: {} } });
  });

  it('what a server does with an empty videos list is left open: a marker beside "one or more" (§1)', () => {
    const videos = `${schemas}/CreateVideosRequest/properties/videos`;
    expect(at(spec, `${videos}/minItems`)).toBe(1);
    expect(at(spec, `${videos}/x-unspecified/id`)).toBe('create-empty-videos');
  });

  it('states no ISO 8601 profile, no form of the playlist address, no key length, no media type of the file', () => {
    expect(at(spec, `${schemas}/CustomFieldValue/anyOf/3/pattern`)).toBeUndefined();
    expect(at(spec, `${schemas}/HlsPlayback/properties/url/pattern`)).toBeUndefined();
    expect(at(spec, '/components/parameters/VideoKey/schema')).toEqual({ type: 'string' });
    expect(at(spec, `${schemas}/UploadVideoSourceRequest/properties/file/contentMediaType`)).toBeUndefined();
  });

  it('the order of the create answer is left open, marked on create (§4.1)', () => {
    const ids = (at(spec, `${create}/x-unspecified`) as Array<{ id: string }>).map((m) => m.id);
    expect(ids).toContain('create-answer-order');
    expect(JSON.stringify(at(spec, `${create}/responses/2XX`))).not.toMatch(/in order|request order/i);
  });

  it('the read side accepts null and forms not listed (§2: the list of all field types is not shown)', () => {
    const read = at(spec, `${schemas}/ReadCustomFields/additionalProperties/$ref`);
    expect(read).toBe('#/components/schemas/ReadCustomFieldValue');
    const forms = at(spec, `${schemas}/ReadCustomFieldValue/anyOf`) as Array<Record<string, unknown>>;
    expect(forms.some((form) => form.type === 'null')).toBe(true);
    // One alternative with no type and no other constraint: any JSON value.
    expect(forms.some((form) => Object.keys(form).every((key) => key === 'description'))).toBe(true);
  });

  it('writes leave null to the custom-field-null unknown rather than refusing it', () => {
    const value = at(spec, `${schemas}/SimpleCustomFields/additionalProperties/anyOf`);
    expect((value as Array<{ type?: string }>).map((form) => form.type ?? 'ref')).toEqual(['ref', 'null']);
    const ids = (at(spec, `${schemas}/SimpleCustomFields/x-unspecified`) as Array<{ id: string }>).map(
      (m) => m.id,
    );
    expect(ids).toContain('custom-field-null');
  });

  it('the upload host is configurable apart from the base address (§4.2)', () => {
    expect(at(spec, `${upload}/servers/0/url`)).toBe('{upload_base_url}');
  });

  it('the webhook payload is left open (§6)', () => {
    expect(at(spec, '/webhooks/videoReadiness/post/requestBody/content')).toEqual({ '*/*': { schema: {} } });
  });

  it('the webhook states neither its security nor its method as fact (§6)', () => {
    // Both alternatives, neither stated: a registration secret as a Bearer token, or nothing.
    expect(at(spec, '/webhooks/videoReadiness/post/security')).toEqual([{ webhookSecret: [] }, {}]);
    const markers = at(spec, '/webhooks/videoReadiness/post/x-unspecified') as Array<{ id: string }>;
    expect(markers.map((m) => m.id)).toEqual(expect.arrayContaining(['webhook-method', 'webhook-security']));
  });

  it.each([
    ['create', create],
    ['update', put],
  ])(
    '%s: every request example has a response example of the same name (tools pair them by name)',
    (_name, operation) => {
      const names = (pointer: string) => Object.keys((at(spec, pointer) as object | undefined) ?? {}).sort();
      const requests = names(`${operation}/requestBody/content/application~1json/examples`);
      expect(requests.length).toBeGreaterThan(0);
      expect(names(`${operation}/responses/2XX/content/application~1json/examples`)).toEqual(requests);
    },
  );

  it.each([
    ['get', get],
    ['update', put],
  ])(
    '%s: every response example has a key example of the same name (tools pair them by name)',
    (_name, operation) => {
      const responses = Object.keys(
        at(spec, `${operation}/responses/2XX/content/application~1json/examples`) as object,
      );
      const keys = Object.keys(at(spec, '/components/parameters/VideoKey/examples') as object);
      expect(keys).toEqual(expect.arrayContaining(responses));
    },
  );

  it('has exactly the four operations of the document', () => {
    const found = Object.entries(at(spec, '/paths') as Record<string, object>).flatMap(([p, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(found.sort()).toEqual([
      'GET /api/v1/videos/{videoKey}',
      'POST /api/upload/v1/form-data/videos/{videoKey}',
      'POST /api/v1/videos',
      'PUT /api/v1/videos/{videoKey}/custom-fields',
    ]);
  });
});
