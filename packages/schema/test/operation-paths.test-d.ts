/** Type tests: the path template of each operation, and the ids of the operations under `paths`. */
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationId, PathOf, PathOperationId, paths } from '../src/index.js';

describe('PathOf', () => {
  it('gives the path template of each operation under paths', () => {
    expectTypeOf<PathOf<'createVideos'>>().toEqualTypeOf<'/api/v1/videos'>();
    expectTypeOf<PathOf<'uploadVideoSource'>>().toEqualTypeOf<'/api/upload/v1/form-data/videos/{videoKey}'>();
    expectTypeOf<PathOf<'getVideo'>>().toEqualTypeOf<'/api/v1/videos/{videoKey}'>();
    expectTypeOf<PathOf<'updateCustomFields'>>().toEqualTypeOf<'/api/v1/videos/{videoKey}/custom-fields'>();
  });

  it('is never for a webhook', () => {
    expectTypeOf<PathOf<'videoReadinessWebhook'>>().toBeNever();
  });

  it('gives every path of the document to exactly the operations under it', () => {
    expectTypeOf<{ [Id in PathOperationId]: PathOf<Id> }[PathOperationId]>().toEqualTypeOf<keyof paths>();
  });

  it('takes only operation ids', () => {
    // @ts-expect-error: not an operation id of the spec
    expectTypeOf<PathOf<'listVideos'>>().toBeNever();
  });
});

describe('PathOperationId', () => {
  it('is every operation id but the webhooks', () => {
    expectTypeOf<PathOperationId>().toEqualTypeOf<
      'createVideos' | 'uploadVideoSource' | 'getVideo' | 'updateCustomFields'
    >();
    expectTypeOf<Exclude<OperationId, PathOperationId>>().toEqualTypeOf<'videoReadinessWebhook'>();
  });
});
