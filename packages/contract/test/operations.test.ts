/** The contract's paths come from the spec: one route per operation id, typed by the generated `paths`. */
import type { OperationId } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type KeyedOperation,
  type PathOperation,
  pathOf,
  type RouteOf,
  requestLine,
  routeOf,
  SECTION_OF,
} from '../src/support/operations.js';

describe('routeOf', () => {
  it.each([
    ['createVideos', 'POST', '/api/v1/videos'],
    ['uploadVideoSource', 'POST', '/api/upload/v1/form-data/videos/{videoKey}'],
    ['getVideo', 'GET', '/api/v1/videos/{videoKey}'],
    ['updateCustomFields', 'PUT', '/api/v1/videos/{videoKey}/custom-fields'],
  ] as const)('%s is %s %s in the bundled spec', (id, method, template) => {
    expect(routeOf(id)).toEqual({ method, template });
  });

  it('types each route by the generated paths', () => {
    expectTypeOf<RouteOf<'getVideo'>>().toEqualTypeOf<{
      method: 'GET';
      template: '/api/v1/videos/{videoKey}';
    }>();
    expectTypeOf<PathOperation>().toEqualTypeOf<Exclude<OperationId, 'videoReadinessWebhook'>>();
    expectTypeOf<KeyedOperation>().toEqualTypeOf<'uploadVideoSource' | 'getVideo' | 'updateCustomFields'>();
  });
});

describe('pathOf', () => {
  it('fills the path parameters percent-encoded, and takes none where the path has none', () => {
    expect(pathOf('createVideos')).toBe('/api/v1/videos');
    expect(pathOf('updateCustomFields', { videoKey: 'a b/c' })).toBe(
      '/api/v1/videos/a%20b%2Fc/custom-fields',
    );
    // @ts-expect-error: getVideo needs its videoKey
    const noKey = () => pathOf('getVideo');
    // @ts-expect-error: create has no path parameter
    const extra = () => pathOf('createVideos', { videoKey: 'k' });
    expect([noKey, extra]).toHaveLength(2);
  });

  it('keeps any key one path segment that decodes back to the key', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (videoKey) => {
        const segment = pathOf('getVideo', { videoKey }).slice('/api/v1/videos/'.length);
        expect(segment).not.toContain('/');
        expect(decodeURIComponent(segment)).toBe(videoKey);
      }),
    );
  });
});

describe('requestLine', () => {
  it('names the method and the path with the parameters as given', () => {
    expect(requestLine('uploadVideoSource', { videoKey: 'k 1' })).toBe(
      'POST /api/upload/v1/form-data/videos/k 1',
    );
  });
});

describe('SECTION_OF', () => {
  it('names the section of the document for every operation id', () => {
    expect(SECTION_OF).toEqual({
      createVideos: '4.1',
      uploadVideoSource: '4.2',
      getVideo: '4.3',
      updateCustomFields: '4.4',
      videoReadinessWebhook: '6',
    });
  });
});
