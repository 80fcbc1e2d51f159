/** Type tests: the meaning of readings, and the bodies they produce, are typed by id and reading. */
import { describe, expectTypeOf, it } from 'vitest';
import type { ReadingBody, UnspecifiedIdWithMeaning } from '../src/index.js';
import { meaningOf } from '../src/index.js';

describe('meaning types', () => {
  it('lists the unknowns whose readings carry meaning', () => {
    expectTypeOf<UnspecifiedIdWithMeaning>().toEqualTypeOf<
      | 'error-shape'
      | 'video-states'
      | 'webhook-payload'
      | 'status-codes'
      | 'upload-response-body'
      | 'error-codes'
      | 'rate-limits'
      | 'file-size-limit'
      | 'video-transitions'
      | 'auth-get-video'
      | 'auth-update-custom-fields'
      | 'readiness-field'
      | 'media-type-refusal'
      | 'token-refusal'
      | 'unknown-video-key'
      | 'unknown-project-key'
      | 'upload-form-parts'
      | 'upload-source-files'
      | 'webhook-security'
      | 'custom-field-formats'
      | 'field-length-limits'
      | 'videos-per-create-limit'
      | 'create-answer-order'
      | 'create-empty-videos'
      | 'custom-field-types'
      | 'custom-field-null'
      | 'list-order'
      | 'video-record-fields'
      | 'webhook-method'
      | 'webhook-signing'
      | 'webhook-registration'
    >();
  });

  it('keeps auth rules and refusal statuses as literals', () => {
    expectTypeOf(meaningOf('auth-get-video', 'not-required').auth).toEqualTypeOf<'optional'>();
    expectTypeOf(meaningOf('webhook-security', 'none').auth).toEqualTypeOf<'none'>();
    expectTypeOf(meaningOf('error-codes', 'validation-422').refuses[0].status).toEqualTypeOf<422>();
    expectTypeOf(meaningOf('token-refusal', 'forbidden-403').refuses[0].status).toEqualTypeOf<403>();
  });

  it('keeps the media type of a multipart part as a literal', () => {
    expectTypeOf(meaningOf('upload-source-files', 'video-only').parts.file).toEqualTypeOf<'video/*'>();
  });

  it('keeps the method and the headers of a delivery as literals', () => {
    expectTypeOf(meaningOf('webhook-method', 'put').method).toEqualTypeOf<'put'>();
    expectTypeOf(meaningOf('webhook-signing', 'hmac-sha256-body').headers).toEqualTypeOf<
      readonly ['Webhook-Signature']
    >();
  });

  it('keeps the words as literals', () => {
    expectTypeOf(meaningOf('video-states', 'basic').words).toEqualTypeOf<
      readonly ['created', 'processing', 'ready', 'failed']
    >();
  });

  it('types the body of each error-shape reading', () => {
    expectTypeOf<ReadingBody<'error-shape', 'message-object'>>().toEqualTypeOf<{
      message: string;
      errors?: { pointer: string; message: string }[];
    }>();
    expectTypeOf<ReadingBody<'error-shape', 'error-object'>['error']['code']>().toEqualTypeOf<
      string | number
    >();
  });

  it('refuses a reading of another unknown, and an unknown without meaning', () => {
    // @ts-expect-error: 'detailed' is a reading of video-states, not of error-shape
    meaningOf('error-shape', 'detailed');
    // @ts-expect-error: custom-fields-omitted carries no meaning
    meaningOf('custom-fields-omitted', 'merge');
  });
});
