/** Type tests: state words are typed from the spec's meaning. */
import { describe, expectTypeOf, it } from 'vitest';
import { type StateMeaning, stateWords, type VideoState } from '../src/index.js';

describe('state word types', () => {
  it('are the union of the words of every reading', () => {
    expectTypeOf<VideoState>().toEqualTypeOf<
      | 'created'
      | 'uploading'
      | 'uploaded'
      | 'processing'
      | 'ready'
      | 'failed'
      | 'Source waiting'
      | 'Source ingression'
      | 'Processing'
      | 'Partially completed'
    >();
    expectTypeOf<StateMeaning>().toEqualTypeOf<'ready' | 'failed' | 'in-progress' | 'unknown'>();
  });

  it('refuses a reading video-states does not have', () => {
    // @ts-expect-error: 'brief' is not a reading of video-states
    stateWords('brief');
  });
});
