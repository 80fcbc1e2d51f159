/** Type tests: the key shapes of the generated types and of the unknowns registry. */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  CreatedVideo,
  CreateVideosRequest,
  CustomFieldValue,
  components,
  OperationId,
  paths,
  ReadCustomFields,
  ReadCustomFieldValue,
  ReadingOf,
  ReadingSet,
  SimpleCustomFields,
  UnspecifiedId,
  UnspecifiedIdWithReadings,
  UpdateCustomFieldsRequest,
  Video,
} from '../src/index.js';

describe('generated types', () => {
  it('has the four paths of the document', () => {
    expectTypeOf<keyof paths>().toEqualTypeOf<
      | '/api/v1/videos'
      | '/api/upload/v1/form-data/videos/{videoKey}'
      | '/api/v1/videos/{videoKey}'
      | '/api/v1/videos/{videoKey}/custom-fields'
    >();
    expectTypeOf<OperationId>().toEqualTypeOf<
      'createVideos' | 'uploadVideoSource' | 'getVideo' | 'updateCustomFields' | 'videoReadinessWebhook'
    >();
  });

  it('create request: projectKey and videos required, tags optional', () => {
    expectTypeOf<CreateVideosRequest['projectKey']>().toEqualTypeOf<string>();
    expectTypeOf<CreateVideosRequest['videos'][number]['title']>().toEqualTypeOf<string>();
    expectTypeOf<CreateVideosRequest['videos'][number]['tags']>().toEqualTypeOf<string[] | undefined>();
  });

  it('created video: key, title and HLS url', () => {
    expectTypeOf<CreatedVideo['key']>().toEqualTypeOf<string>();
    expectTypeOf<CreatedVideo['title']>().toEqualTypeOf<string>();
    expectTypeOf<CreatedVideo['primaryPlaybackUrl']['hls']['url']>().toEqualTypeOf<string>();
  });

  it('video record: videoKey and simpleCustomFields, open to other fields', () => {
    expectTypeOf<Video['videoKey']>().toEqualTypeOf<string>();
    // §2: the list of all field types is not shown, so a value read may be of any form.
    expectTypeOf<Video['simpleCustomFields']>().toEqualTypeOf<ReadCustomFields>();
    expectTypeOf<ReadCustomFieldValue>().toEqualTypeOf<unknown>();
    expectTypeOf<Video>().toHaveProperty('status');
  });

  it('custom field values take the five JSON forms', () => {
    expectTypeOf<CustomFieldValue>().toEqualTypeOf<string | number | boolean | string[]>();
    expectTypeOf<UpdateCustomFieldsRequest>().toEqualTypeOf<{
      simpleCustomFields: { [key: string]: CustomFieldValue | null };
    }>();
    expectTypeOf<SimpleCustomFields[string]>().toEqualTypeOf<CustomFieldValue | null>();
  });
});

describe('the upload form', () => {
  it('file is a Blob (a File is one), not a string (§4.2: binary)', () => {
    expectTypeOf<components['schemas']['UploadVideoSourceRequest']['file']>().toEqualTypeOf<Blob>();
    expectTypeOf<File>().toExtend<components['schemas']['UploadVideoSourceRequest']['file']>();
  });
});

describe('unknowns registry', () => {
  it('ids are a union of literals', () => {
    expectTypeOf<'custom-fields-omitted'>().toExtend<UnspecifiedId>();
    expectTypeOf<'upload-host'>().toExtend<UnspecifiedId>();
    expectTypeOf<'not-an-unknown'>().not.toExtend<UnspecifiedId>();
  });

  it('readings are a union of literals per unknown', () => {
    expectTypeOf<ReadingOf<'custom-fields-omitted'>>().toEqualTypeOf<'merge' | 'replace'>();
    expectTypeOf<ReadingOf<'upload-host'>>().toEqualTypeOf<never>();
    expectTypeOf<'upload-host'>().not.toExtend<UnspecifiedIdWithReadings>();
    expectTypeOf<ReadingSet['readiness-field']>().toEqualTypeOf<
      'status-string' | 'ready-flag' | 'playback-only'
    >();
  });
});
