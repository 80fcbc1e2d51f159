/**
 * What SDK generators need of a resolved document beyond the readings: a concrete server (the one
 * given, the mock's by default), the upload's own server only where its host differs, no catch-all
 * `default` (unless kept), and error bodies under application/json too when told.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonObject, ResolveError, resolveSpec } from '../../src/resolve/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the JSON of the document.
type Doc = Record<string, any>;
const upload = (document: JsonObject): Doc =>
  (document as Doc).paths['/api/upload/v1/form-data/videos/{videoKey}'].post;
const markerIds = (node: Doc): string[] =>
  [node['x-unspecified']]
    .flat()
    .filter(Boolean)
    .map((marker: Doc) => marker.id);

describe('servers', () => {
  it('by default names the mock, with no template, and the upload has no server of its own', () => {
    const { document } = resolveSpec();
    expect((document as Doc).servers).toEqual([
      { url: 'http://localhost:4010', description: expect.stringContaining("the mock's address") },
    ]);
    expect((document as Doc).servers[0].url).not.toMatch(/[{}]/);
    expect(upload(document).servers).toBeUndefined();
    // The upload-host marker stays, on the operation.
    expect(markerIds(upload(document))).toContain('upload-host');
  });

  it('names the address resolve is given, and the upload host where it differs', () => {
    const { document } = resolveSpec({
      server: 'https://api.example.test/',
      uploadServer: 'https://upload.example.test',
    });
    expect((document as Doc).servers[0].url).toBe('https://api.example.test');
    const [own] = upload(document).servers;
    expect(own.url).toBe('https://upload.example.test');
    expect(markerIds(own)).toEqual(['upload-host']);
    expect(markerIds(upload(document))).not.toContain('upload-host');
  });

  it('gives the upload no server of its own when its host is the base address', () => {
    const { document } = resolveSpec({ server: 'http://h.test:1', uploadServer: 'http://h.test:1/' });
    expect(upload(document).servers).toBeUndefined();
  });

  it('refuses an address that is not an absolute http(s) URL, naming it', () => {
    fc.assert(
      fc.property(fc.constantFrom('localhost:4010', '/api', 'ftp://h.test', '', 'http//x'), (url) => {
        expect(() => resolveSpec({ uploadServer: url })).toThrow(ResolveError);
        expect(() => resolveSpec({ server: url })).toThrow(`server "${url}" is not an absolute URL`);
      }),
    );
  });
});

describe('the catch-all default and the error media types', () => {
  const operations = (document: JsonObject): Doc[] =>
    Object.values((document as Doc).paths).flatMap((item) => Object.values(item as Doc)) as Doc[];

  it('leaves default out unless kept', () => {
    for (const op of operations(resolveSpec().document)) expect(op.responses.default).toBeUndefined();
    for (const op of operations(resolveSpec({ keepDefault: true }).document)) {
      expect(op.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    }
  });

  it('lists application/json after problem+json when told, with the same schema, examples under the first only', () => {
    const aliased = resolveSpec({ jsonErrorAlias: true }).document as Doc;
    const content = aliased.components.responses.Error.content;
    expect(Object.keys(content)).toEqual(['application/problem+json', 'application/json']);
    expect(content['application/json'].schema).toEqual(content['application/problem+json'].schema);
    const notFound = aliased.paths['/api/v1/videos/{videoKey}'].get.responses['404'].content;
    expect(Object.keys(notFound['application/problem+json'].examples)).toEqual(['unknownKey']);
    expect(notFound['application/json'].examples).toBeUndefined();
    const json = resolveSpec({ readings: { 'error-shape': 'message-object' }, jsonErrorAlias: true });
    expect(Object.keys((json.document as Doc).components.responses.Error.content)).toEqual([
      'application/json',
    ]);
  });
});
