/**
 * The resolved document says which files the upload takes (`upload-source-files`, §4.2): the file
 * part's `encoding.contentType` is the media type the chosen reading's meaning gives (`video/*`
 * under video-only, `application/octet-stream` under any-file), marked with the reading; the
 * schema of the form (one required binary `file`) is the honest one under both.
 */
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '../../src/generated/openapi.js';
import { meaningOf, unspecified } from '../../src/unspecified.js';
import { type Doc, deref, resolved } from './fidelity-support.js';

const UPLOAD = '/api/upload/v1/form-data/videos/{videoKey}';
const form = (document: Doc): Doc => document.paths[UPLOAD].post.requestBody.content['multipart/form-data'];

describe('upload-source-files', () => {
  it.each([
    ['video-only', 'video/*', 'flag'],
    ['any-file', 'application/octet-stream', 'flag'],
  ] as const)('%s: the file part is %s', (reading, contentType, from) => {
    const document = resolved({ 'upload-source-files': reading });
    expect(meaningOf('upload-source-files', reading).parts).toEqual({ file: contentType });
    expect(form(document).encoding).toEqual({
      file: { contentType, 'x-resolved': [{ id: 'upload-source-files', reading, from }] },
    });
    expect(unspecified['upload-source-files'].readings[reading]).toContain(contentType);
    const schema = deref(document, form(document).schema);
    expect(schema.required).toEqual(['file']);
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('any-file is the default, the media type the honest document gives the file part', () => {
    const honest = (openapiDocument as Doc).paths[UPLOAD].post.requestBody.content['multipart/form-data'];
    expect(honest.encoding).toEqual({ file: { contentType: 'application/octet-stream' } });
    expect(form(resolved({})).encoding.file).toEqual({
      contentType: 'application/octet-stream',
      'x-resolved': [{ id: 'upload-source-files', reading: 'any-file', from: 'default' }],
    });
  });

  it('the reading chosen is kept on the marker, and the honest document is not changed by a resolve', () => {
    const document = resolved({ 'upload-source-files': 'video-only' });
    const markers: Doc[] = document.paths[UPLOAD].post['x-unspecified'];
    expect(markers.find((m) => m.id === 'upload-source-files')?.chosen).toEqual({
      reading: 'video-only',
      from: 'flag',
    });
    expect(form(openapiDocument as Doc).encoding).toEqual({
      file: { contentType: 'application/octet-stream' },
    });
  });
});
