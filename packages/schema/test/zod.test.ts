/** The generated zod schemas accept what the spec accepts and reject what it rejects. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../src/generated/openapi.js';
import {
  zCreatedVideo,
  zCreateVideosRequest,
  zCustomFieldValue,
  zUpdateCustomFieldsRequest,
  zUploadVideoSourceRequest,
  zVideo,
} from '../src/zod.js';

type Examples = Record<string, { value: unknown }>;
const examples = (openapiDocument.components as { examples: Examples }).examples;
const example = (name: string) => examples[name]?.value;

describe('the spec examples validate', () => {
  it.each([
    ['CreateThreeVideosRequest', zCreateVideosRequest],
    ['UpdateEveryValueFormRequest', zUpdateCustomFieldsRequest],
    ['FreeTextNoteField', zUpdateCustomFieldsRequest],
    ['IntegerCounterField', zUpdateCustomFieldsRequest],
    ['FlagField', zUpdateCustomFieldsRequest],
    ['DateTimeField', zUpdateCustomFieldsRequest],
    ['MultiValueTextField', zUpdateCustomFieldsRequest],
    ['VideoWithCustomFields', zVideo],
    ['VideoWithFreeTextNote', zVideo],
    ['VideoWithIntegerCounter', zVideo],
    ['VideoWithFlag', zVideo],
    ['VideoWithDateTime', zVideo],
    ['VideoWithMultiValueText', zVideo],
  ] as const)('%s', (name, schema) => {
    expect(schema.safeParse(example(name)).success).toBe(true);
  });

  it('CreateThreeVideosResponse: every element is a created video', () => {
    for (const video of example('CreateThreeVideosResponse') as unknown[]) {
      expect(zCreatedVideo.safeParse(video).success).toBe(true);
    }
  });
});

describe('custom field values (§2)', () => {
  const valid = fc.oneof(
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.array(fc.string()),
  );

  it('accepts every value of the five forms', () => {
    fc.assert(fc.property(valid, (value) => zCustomFieldValue.safeParse(value).success));
  });

  it.each([
    ['null', null],
    ['an object', { nested: true }],
    ['an array of numbers', [1, 2]],
    ['a mixed array', ['a', 1]],
    ['NaN', Number.NaN],
  ])('rejects %s', (_what, value) => {
    expect(zCustomFieldValue.safeParse(value).success).toBe(false);
  });
});

describe('custom fields: the read side is open, writes are checked (§2, §4.4)', () => {
  const read = (value: unknown) => zVideo.safeParse({ videoKey: 'k', simpleCustomFields: { f: value } });
  const write = (value: unknown) =>
    zUpdateCustomFieldsRequest.safeParse({ simpleCustomFields: { f: value } });

  it.each([
    ['null', null],
    ['an object', { nested: true }],
    ['an array of numbers', [1, 2]],
    ['a string', 'a note'],
  ])('a response may hold %s (the list of all field types is not shown)', (_what, value) => {
    expect(read(value).success).toBe(true);
  });

  it('a write of null is left to the custom-field-null reading (not refused by the schema)', () => {
    expect(write(null).success).toBe(true);
  });

  it.each([
    ['an object', { nested: true }],
    ['an array of numbers', [1, 2]],
  ])('a write of %s is refused', (_what, value) => {
    expect(write(value).success).toBe(false);
  });
});

describe('the upload form (§4.2: file is binary)', () => {
  it.each([
    ['a Blob', new Blob(['bytes'])],
    ['a File', new File(['bytes'], 'clip.mp4', { type: 'video/mp4' })],
  ])('takes %s as its file', (_what, file) => {
    expect(zUploadVideoSourceRequest.safeParse({ file }).success).toBe(true);
  });

  it.each([
    ['a string', 'bytes'],
    ['no file', undefined],
  ])('refuses %s', (_what, file) => {
    expect(zUploadVideoSourceRequest.safeParse({ file }).success).toBe(false);
  });

  it('the bundled document says what §4.2 says of the part: binary, no media type of the file', () => {
    const schemas = (openapiDocument.components as { schemas: Record<string, { properties: object }> })
      .schemas;
    expect(schemas.UploadVideoSourceRequest?.properties).toEqual({
      file: { type: 'string', format: 'binary', description: 'Content of the video source file.' },
    });
  });
});

describe('open and closed objects', () => {
  it('keeps fields the document does not list on the video record (shortened responses)', () => {
    const parsed = zVideo.parse({ videoKey: 'k', simpleCustomFields: {}, status: 'ready' });
    expect(parsed).toEqual({ videoKey: 'k', simpleCustomFields: {}, status: 'ready' });
  });

  it('keeps extra playback fields on a created video', () => {
    const video = { ...(example('CreateThreeVideosResponse') as object[])[0], duration: 12 };
    expect(zCreatedVideo.parse(video)).toHaveProperty('duration', 12);
  });

  it('refuses a second member in the custom-fields body (§4.4: one member)', () => {
    const result = zUpdateCustomFieldsRequest.safeParse({ simpleCustomFields: {}, extra: 1 });
    expect(result.success).toBe(false);
  });

  it.each([
    ['no projectKey', { videos: [{ title: 't' }] }],
    ['no videos', { projectKey: 'p' }],
    ['a video without title', { projectKey: 'p', videos: [{}] }],
    ['tags that are not strings', { projectKey: 'p', videos: [{ title: 't', tags: [1] }] }],
  ])('refuses a create body with %s', (_what, body) => {
    expect(zCreateVideosRequest.safeParse(body).success).toBe(false);
  });

  // §2: the address of an HLS playlist (.m3u8), a URL; the document gives no form of its path.
  it.each([
    ['a URL whose path does not end in .m3u8', 'http://localhost/hls/v-1/playlist?format=m3u8', true],
    ['a URL in upper case', 'http://localhost/hls/v-1/PLAYLIST.M3U8', true],
    ['not a URL', 'hls/v-1/playlist.m3u8', false],
  ])('takes as HLS url %s: %s', (_what, url, accepted) => {
    const video = structuredClone(
      (example('CreateThreeVideosResponse') as Array<Record<string, unknown>>)[0],
    );
    (video as { primaryPlaybackUrl: { hls: { url: string } } }).primaryPlaybackUrl.hls.url = url;
    expect(zCreatedVideo.safeParse(video).success).toBe(accepted);
  });
});
