/**
 * Type tests of the msw entry (checked by `tsc`, the package's typecheck): the option type refuses
 * what the registry of unknowns knows to be wrong, and the result is typed for msw and the mock.
 */
import type { HttpHandler } from 'msw';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type MockApp,
  type MockControl,
  type VideoApiHandlers,
  type VideoApiHandlersOptions,
  videoApiHandlers,
} from '../../src/msw.js';

describe('the types of videoApiHandlers', () => {
  it('needs baseUrl and takes the createApp options that apply in memory', () => {
    expectTypeOf(videoApiHandlers).toBeCallableWith({ baseUrl: 'https://api.example.test' });
    expectTypeOf(videoApiHandlers).toBeCallableWith({
      baseUrl: 'https://api.example.test/video',
      realTimeClock: false,
      processingMs: 500,
      memoryUploadBytes: 8 * 1024 * 1024,
      streamingBase: 'https://cdn.example.test',
      tokens: ['secret'],
    });
    // @ts-expect-error baseUrl is required
    expectTypeOf(videoApiHandlers).toBeCallableWith({ realTimeClock: false });
    expectTypeOf<VideoApiHandlersOptions>().not.toHaveProperty('dataDir');
    const inMemory: VideoApiHandlersOptions = {
      baseUrl: 'https://a.test',
      // @ts-expect-error a data dir needs the Node server
      dataDir: '.mock',
    };
    const misspelt: VideoApiHandlersOptions = {
      baseUrl: 'https://a.test',
      // @ts-expect-error options are spelt as createApp spells them
      processingMS: 500,
    };
    expectTypeOf([inMemory, misspelt]).toEqualTypeOf<VideoApiHandlersOptions[]>();
  });

  it('takes readings by id and reading, as the registry of unknowns lists them', () => {
    expectTypeOf(videoApiHandlers).toBeCallableWith({
      baseUrl: 'https://a.test',
      readings: { 'custom-fields-omitted': 'replace', 'readiness-field': 'ready-flag' },
    });
    expectTypeOf(videoApiHandlers).toBeCallableWith({
      baseUrl: 'https://a.test',
      readings: 'random',
      seed: 7,
    });
    expectTypeOf<VideoApiHandlersOptions['readings']>().extract<string>().toEqualTypeOf<'random'>();
    expectTypeOf(videoApiHandlers).toBeCallableWith({
      baseUrl: 'https://a.test',
      // @ts-expect-error an unknown reading id
      readings: { 'no-such': 'x' },
    });
    expectTypeOf(videoApiHandlers).toBeCallableWith({
      baseUrl: 'https://a.test',
      // @ts-expect-error a reading its unknown does not list
      readings: { 'custom-fields-omitted': 'sideways' },
    });
  });

  it('gives msw handlers, the control and the app', () => {
    expectTypeOf<VideoApiHandlers['handlers']>().toEqualTypeOf<HttpHandler[]>();
    expectTypeOf<VideoApiHandlers['mock']>().toEqualTypeOf<MockControl>();
    expectTypeOf<VideoApiHandlers['app']>().toEqualTypeOf<MockApp>();
    expectTypeOf<VideoApiHandlers['baseUrl']>().toEqualTypeOf<string>();
    expectTypeOf(videoApiHandlers).returns.toEqualTypeOf<VideoApiHandlers>();
  });
});
