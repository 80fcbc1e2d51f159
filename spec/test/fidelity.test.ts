/**
 * Fidelity: every constraint of the spec traces to a sentence of the interface document or to a
 * marker, so the spec invents nothing. A constraint without a trace is an invention and fails here;
 * so does a trace that no longer has its constraint, a quote the document does not hold, and a
 * marker or reading that does not exist.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constraintsOf } from '../tools/constraints.js';
import { checkMarkers, interfacePath, loadSpec } from '../tools/markers.js';
import { path } from './pointer.js';

const spec = loadSpec();
const { markers } = checkMarkers(spec);
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const document = squash(readFileSync(interfacePath, 'utf8'));

/** A sentence of the document that states the constraint, or the marker (and reading) that allows it. */
type Trace = { quote: string } | { marker: string; reading?: string };

const s = '/components/schemas';
const upload = `${path('/api/upload/v1/form-data/videos/{videoKey}')}/post`;
const create = `${path('/api/v1/videos')}/post`;

// `${JSON Pointer} ${keyword}` → its trace. The quotes are the document's words (squashed).
const TRACES: Record<string, Trace> = {
  [`${s}/CreateVideosRequest type`]: { quote: 'Create one or more video records with a JSON request.' },
  [`${s}/CreateVideosRequest required`]: { quote: '| projectKey | string | yes |' },
  [`${s}/CreateVideosRequest/properties/projectKey type`]: { quote: '| projectKey | string | yes |' },
  [`${s}/CreateVideosRequest/properties/videos type`]: { quote: '| videos | array of object | yes |' },
  [`${s}/CreateVideosRequest/properties/videos minItems`]: { quote: 'Create one or more video records' },
  [`${s}/CreateVideoEntry type`]: { quote: '| videos | array of object | yes |' },
  [`${s}/CreateVideoEntry required`]: { quote: '| videos[].title | string | yes |' },
  [`${s}/CreateVideoEntry/properties/title type`]: { quote: '| videos[].title | string | yes |' },
  [`${s}/CreateVideoEntry/properties/tags type`]: { quote: '| videos[].tags | array of string | no |' },
  [`${s}/CreateVideoEntry/properties/tags/items type`]: { quote: '| videos[].tags | array of string | no |' },
  [`${s}/CreatedVideo type`]: {
    quote: 'in the shape of the video record in part 2 (key, title, primaryPlaybackUrl)',
  },
  [`${s}/CreatedVideo required`]: {
    quote: 'in the shape of the video record in part 2 (key, title, primaryPlaybackUrl)',
  },
  [`${s}/CreatedVideo additionalProperties`]: { marker: 'video-record-fields' },
  [`${s}/CreatedVideo/properties/key type`]: { quote: '| key | string | Video key.' },
  [`${s}/CreatedVideo/properties/title type`]: { quote: '| title | string | Title given at creation.' },
  [`${s}/PlaybackUrl type`]: { quote: '| primaryPlaybackUrl | object | Playback information.' },
  [`${s}/PlaybackUrl required`]: { quote: '| primaryPlaybackUrl.name | string |' },
  [`${s}/PlaybackUrl additionalProperties`]: { marker: 'video-record-fields' },
  [`${s}/PlaybackUrl/properties/name type`]: { quote: '| primaryPlaybackUrl.name | string |' },
  [`${s}/HlsPlayback type`]: { quote: '| primaryPlaybackUrl.hls | object | HLS playback.' },
  [`${s}/HlsPlayback required`]: { quote: '| primaryPlaybackUrl.hls.name | string |' },
  [`${s}/HlsPlayback additionalProperties`]: { marker: 'video-record-fields' },
  [`${s}/HlsPlayback/properties/name type`]: { quote: '| primaryPlaybackUrl.hls.name | string |' },
  [`${s}/HlsPlayback/properties/url type`]: { quote: '| primaryPlaybackUrl.hls.url | string (URL) |' },
  [`${s}/HlsPlayback/properties/url format`]: { quote: '| primaryPlaybackUrl.hls.url | string (URL) |' },
  [`${s}/Video type`]: { quote: 'Response: JSON object that includes videoKey and simpleCustomFields' },
  [`${s}/Video required`]: { quote: 'Response: JSON object that includes videoKey and simpleCustomFields' },
  [`${s}/Video additionalProperties`]: { marker: 'video-record-fields' },
  [`${s}/Video/properties/videoKey type`]: { quote: '| videoKey | string | Video key.' },
  [`${s}/ReadCustomFields type`]: {
    quote: '| simpleCustomFields | object | Key/value map of all custom fields.',
  },
  [`${s}/ReadCustomFieldValue/anyOf/1 type`]: { marker: 'custom-field-types', reading: 'any-json' },
  [`${s}/ReadCustomFieldValue/anyOf/2 (any value)`]: { marker: 'custom-field-types', reading: 'any-json' },
  [`${s}/SimpleCustomFields type`]: {
    quote: 'an object of custom field name/value pairs (value forms in part 2)',
  },
  [`${s}/SimpleCustomFields/additionalProperties/anyOf/1 type`]: {
    marker: 'custom-field-null',
    reading: 'removes-field',
  },
  [`${s}/CustomFieldValue/anyOf/0 type`]: { quote: '| string | free text note |' },
  [`${s}/CustomFieldValue/anyOf/1 type`]: { quote: '| number | integer counter |' },
  [`${s}/CustomFieldValue/anyOf/2 type`]: { quote: '| boolean | flag |' },
  [`${s}/CustomFieldValue/anyOf/3 type`]: {
    quote: '| string in ISO 8601 UTC date-time form (<timestamp>) | date-time |',
  },
  [`${s}/CustomFieldValue/anyOf/3 format`]: {
    quote: '| string in ISO 8601 UTC date-time form (<timestamp>) | date-time |',
  },
  [`${s}/CustomFieldValue/anyOf/4 type`]: { quote: '| array of strings | multi-value text |' },
  [`${s}/CustomFieldValue/anyOf/4/items type`]: { quote: '| array of strings | multi-value text |' },
  [`${s}/UpdateCustomFieldsRequest type`]: { quote: 'Body: JSON object with one member, simpleCustomFields' },
  [`${s}/UpdateCustomFieldsRequest required`]: {
    quote: 'Body: JSON object with one member, simpleCustomFields',
  },
  [`${s}/UpdateCustomFieldsRequest additionalProperties`]: {
    quote: 'Body: JSON object with one member, simpleCustomFields',
  },
  [`${s}/UploadVideoSourceRequest type`]: { quote: 'Body: multipart/form-data.' },
  [`${s}/UploadVideoSourceRequest required`]: { quote: '| file | binary | yes |' },
  [`${s}/UploadVideoSourceRequest/properties/file type`]: { quote: '| file | binary | yes |' },
  [`${s}/UploadVideoSourceRequest/properties/file format`]: { quote: '| file | binary | yes |' },
  '/components/parameters/VideoKey/schema type': { quote: '{videoKey} is the key returned by step 4.1.' },
  [`${create}/responses/2XX/content/application~1json/schema type`]: { quote: 'Response: a JSON array' },
  [`${upload}/requestBody/content/multipart~1form-data/encoding/file contentType`]: {
    quote: '| file | binary | yes | Content of the video source file.',
  },
};

const constraints = constraintsOf(spec);
const keyOf = (c: { at: string; keyword: string }) => `${c.at} ${c.keyword}`;

describe('fidelity: the spec invents nothing', () => {
  it('lists 0 inventions: every constraint traces to the document or to a marker', () => {
    const inventions = constraints.filter((c) => TRACES[keyOf(c)] === undefined);
    expect(inventions).toEqual([]);
  });

  it('every trace still has its constraint (no stale row)', () => {
    const keys = new Set(constraints.map(keyOf));
    expect(Object.keys(TRACES).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(Object.entries(TRACES))('%s traces to the document or a marker', (_key, trace) => {
    if ('quote' in trace) {
      expect(document).toContain(squash(trace.quote));
      return;
    }
    const marker = markers.find((m) => m.id === trace.marker);
    expect(marker, `no marker ${trace.marker}`).toBeDefined();
    if (trace.reading !== undefined) expect(Object.keys(marker?.readings ?? {})).toContain(trace.reading);
  });

  // The four inventions an audit found, each gone from the spec: the words of the document instead.
  it.each([
    [
      'an .m3u8 URL pattern (the document: "an HLS playlist (.m3u8)")',
      'pattern',
      `${s}/HlsPlayback/properties/url`,
    ],
    [
      'a date-time pattern (the document names no ISO 8601 profile)',
      'pattern',
      `${s}/CustomFieldValue/anyOf/3`,
    ],
    ['a minimum key length', 'minLength', '/components/parameters/VideoKey/schema'],
    ['a media type of the file', 'contentMediaType', `${s}/UploadVideoSourceRequest/properties/file`],
  ])('no %s', (_what, keyword, at) => {
    expect(constraints.filter((c) => c.at === at && c.keyword === keyword)).toEqual([]);
  });
});
