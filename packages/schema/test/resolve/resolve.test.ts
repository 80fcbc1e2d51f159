/** The resolved document says what each chosen reading says, and marks where each choice came from. */
import { describe, expect, it } from 'vitest';
import { type JsonObject, ResolveError, resolveSpec } from '../../src/resolve/index.js';
import { idsWithReadings, mockReadings } from '../../src/unspecified.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the JSON of the document.
type Doc = Record<string, any>;
const PATHS = {
  createVideos: ['/api/v1/videos', 'post'],
  uploadVideoSource: ['/api/upload/v1/form-data/videos/{videoKey}', 'post'],
  getVideo: ['/api/v1/videos/{videoKey}', 'get'],
  updateCustomFields: ['/api/v1/videos/{videoKey}/custom-fields', 'put'],
} as const;
type Operation = keyof typeof PATHS;
const operation = (doc: JsonObject, id: Operation): Doc => {
  const [path, method] = PATHS[id];
  return (doc as Doc).paths[path][method];
};
const statuses = (doc: JsonObject, id: Operation) => Object.keys(operation(doc, id).responses).sort();

describe('resolveSpec: the default readings', () => {
  const { document, chosen } = resolveSpec();

  it('chooses the reading the mock plays for every unknown with readings, from the default', () => {
    expect(chosen.map((c) => c.id)).toEqual(idsWithReadings);
    expect(Object.fromEntries(chosen.map((c) => [c.id, c.reading]))).toEqual(mockReadings());
    expect(new Set(chosen.map((c) => c.from))).toEqual(new Set(['default']));
  });

  // [operation, the statuses it documents]
  const expected: Array<[Operation, string[]]> = [
    ['createVideos', ['200', '400', '401', '415']],
    ['uploadVideoSource', ['200', '400', '401', '404', '413', '415']],
    ['getVideo', ['200', '401', '404']],
    ['updateCustomFields', ['200', '400', '401', '404', '415']],
  ];
  it.each(expected)('%s documents exactly %j: no range, no catch-all default', (id, codes) => {
    expect(statuses(document, id)).toEqual(codes);
  });

  it('gives every error the problem+json body of error-shape, with its schema', () => {
    const error = (document as Doc).components.schemas.Error;
    expect(error.required).toBeUndefined(); // RFC 9457: every member optional
    expect(Object.keys(error.properties)).toEqual(['type', 'title', 'status', 'detail', 'errors']);
    const refusal = operation(document, 'getVideo').responses['401'];
    expect(Object.keys(refusal.content)).toEqual(['application/problem+json']);
    for (const media of Object.values(refusal.content)) {
      expect((media as Doc).schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(refusal['x-resolved']).toEqual([{ id: 'auth-get-video', reading: 'required', from: 'default' }]);
    expect(Object.keys((document as Doc).components.responses.Error.content)).toEqual([
      'application/problem+json',
    ]);
  });

  it('leaves no */* body in the operations or the webhook', () => {
    expect(JSON.stringify((document as Doc).paths)).not.toContain('*/*');
    expect(JSON.stringify((document as Doc).webhooks)).not.toContain('*/*');
  });

  it('answers upload with the video record, and requires the token on get and update', () => {
    const upload = operation(document, 'uploadVideoSource').responses['200'];
    expect(upload.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Video' });
    expect((document as Doc).components.schemas.Video.required).toContain('status');
    expect(operation(document, 'getVideo').security).toEqual([{ bearerAuth: [] }]);
    expect(operation(document, 'updateCustomFields').security).toEqual([{ bearerAuth: [] }]);
  });

  it('adds the status member with the basic state words to the record, and to its example', () => {
    const video = (document as Doc).components.schemas.Video;
    expect(video.required).toContain('status');
    expect(video.properties.status.enum).toEqual(['created', 'processing', 'ready', 'failed']);
    expect((document as Doc).components.examples.VideoWithCustomFields.value.status).toBe('ready');
  });

  it('keeps every marker and says its chosen reading', () => {
    const text = JSON.stringify(document);
    for (const id of idsWithReadings) {
      expect(text).toContain(`"id":"${id}"`);
    }
    const marker = operation(document, 'getVideo')['x-unspecified'];
    expect(marker.chosen).toEqual({ reading: 'required', from: 'default' });
    expect((document as Doc).info['x-resolved']).toHaveLength(idsWithReadings.length);
  });
});

describe('resolveSpec: chosen readings', () => {
  // [reading, operation, statuses it must document, statuses it must not]
  const rows: Array<[string, Operation, string[], string[]]> = [
    ['status-codes=semantic', 'createVideos', ['201'], ['200']],
    ['status-codes=semantic', 'uploadVideoSource', ['202'], ['200']],
    ['error-codes=validation-422', 'updateCustomFields', ['422'], ['400']],
    ['rate-limits=429-retry-after', 'getVideo', ['429'], []],
    ['file-size-limit=no-limit', 'uploadVideoSource', [], ['413']],
    ['video-transitions=reupload-rejected', 'uploadVideoSource', ['409'], []],
    ['auth-get-video=not-required', 'getVideo', [], ['401']],
    ['auth-get-video=owner-only', 'getVideo', ['401', '403'], []],
    ['auth-update-custom-fields=owner-only', 'updateCustomFields', ['401', '403'], []],
  ];
  it.each(rows)('%s: %s documents %j and not %j', (reading, id, present, absent) => {
    const { document } = resolveSpec({ readings: [reading] });
    for (const code of present) expect(statuses(document, id)).toContain(code);
    for (const code of absent) expect(statuses(document, id)).not.toContain(code);
  });

  it('rate-limits=429-retry-after: the 429 requires a Retry-After header', () => {
    const { document } = resolveSpec({ readings: { 'rate-limits': '429-retry-after' } });
    expect(operation(document, 'createVideos').responses['429'].headers['Retry-After'].required).toBe(true);
  });

  it('auth not-required: the token is optional', () => {
    const { document } = resolveSpec({ readings: { 'auth-get-video': 'not-required' } });
    expect(operation(document, 'getVideo').security).toEqual([{}, { bearerAuth: [] }]);
  });

  // [webhook-security reading, the webhook's security]
  const webhookAuth: Array<[string, unknown[]]> = [
    ['none', [{}]],
    ['bearer-secret', [{ webhookSecret: [] }]],
  ];
  it.each(webhookAuth)(
    'webhook-security=%s: the webhook delivery has the security %j',
    (reading, security) => {
      const { document } = resolveSpec({ readings: { 'webhook-security': reading } as never });
      expect((document as Doc).webhooks.videoReadiness.post.security).toEqual(security);
    },
  );

  it('error-shape=message-object: errors are application/json with a message', () => {
    const { document } = resolveSpec({ readings: { 'error-shape': 'message-object' } });
    expect(Object.keys(operation(document, 'createVideos').responses['400'].content)).toEqual([
      'application/json',
    ]);
    expect((document as Doc).components.schemas.Error.required).toEqual(['message']);
  });

  it('upload-response-body=empty: the upload answer has no body', () => {
    const { document } = resolveSpec({ readings: { 'upload-response-body': 'empty' } });
    expect(operation(document, 'uploadVideoSource').responses['200'].content).toBeUndefined();
  });

  // [readiness reading, the member it adds, the member it does not]
  const readiness: Array<[string, string | undefined, string]> = [
    ['ready-flag', 'ready', 'status'],
    ['playback-only', undefined, 'status'],
  ];
  it.each(readiness)('readiness-field=%s adds %s and not %s', (reading, added, absent) => {
    const { document } = resolveSpec({ readings: { 'readiness-field': reading } as never });
    const video = (document as Doc).components.schemas.Video;
    if (added) expect(video.required).toContain(added);
    expect(video.properties[absent]).toBeUndefined();
  });

  it('custom-field-formats=with-field-entries: the record requires customFields and customFieldEntries', () => {
    const { document } = resolveSpec({ readings: { 'custom-field-formats': 'with-field-entries' } });
    const video = (document as Doc).components.schemas.Video;
    expect(video.required).toEqual(expect.arrayContaining(['status', 'customFields', 'customFieldEntries']));
    expect(video.properties.customFieldEntries.type).toBe('array');
    // One entry per field of the example (reading-fidelity.test.ts holds each entry to the reading).
    expect((document as Doc).components.examples.VideoWithCustomFields.value.customFieldEntries).toHaveLength(
      5,
    );
  });

  it('video-states=detailed: the status member uses the detailed words', () => {
    const { document } = resolveSpec({ readings: { 'video-states': 'detailed' } });
    expect((document as Doc).components.schemas.Video.properties.status.enum).toContain('uploading');
  });

  it('marks a flag as the source of its choice', () => {
    const { document, chosen } = resolveSpec({ readings: ['status-codes=semantic'] });
    expect(chosen.find((c) => c.id === 'status-codes')).toEqual({
      id: 'status-codes',
      reading: 'semantic',
      from: 'flag',
    });
    expect(operation(document, 'createVideos').responses['201']['x-resolved']).toEqual([
      { id: 'status-codes', reading: 'semantic', from: 'flag' },
    ]);
  });

  it('refuses an unknown id or reading, naming what is accepted', () => {
    expect(() => resolveSpec({ readings: ['status-codes=nope'] })).toThrow(
      'readings: unknown reading "nope" for status-codes (accepted: all-200, semantic)',
    );
    expect(() => resolveSpec({ readings: ['nope=x'] })).toThrow(ResolveError);
  });
});
