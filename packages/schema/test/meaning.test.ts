/** The meaning of readings reaches the registry as the spec gives it. */
import { describe, expect, it } from 'vitest';
import * as perUnknown from '../src/generated/meaning.js';
import { openapiDocument } from '../src/generated/openapi.js';
import { meaningOf, readingsOf, unspecified } from '../src/unspecified.js';

describe('meaning of readings', () => {
  it('gives the words of each video-states reading', () => {
    expect(meaningOf('video-states', 'basic').words).toEqual(['created', 'processing', 'ready', 'failed']);
    expect(meaningOf('video-states', 'detailed').words).toEqual([
      'created',
      'uploading',
      'uploaded',
      'processing',
      'ready',
      'failed',
    ]);
  });

  it.each(readingsOf('error-shape'))(
    'error-shape: %s has a media type and a JSON Schema of its body',
    (reading) => {
      const { mediaType, schema } = meaningOf('error-shape', reading);
      expect(mediaType).toMatch(/^application\/(problem\+)?json$/);
      expect(schema.type).toBe('object');
    },
  );

  it('is the meaning written in the bundled spec, unchanged', () => {
    const components = openapiDocument.components as {
      responses: { Error: { 'x-unspecified': { meaning: unknown } } };
    };
    expect(unspecified['error-shape'].meaning).toEqual(components.responses.Error['x-unspecified'].meaning);
  });

  it('is the same in the per-unknown exports that keep bundles small', () => {
    for (const id of [
      'video-states',
      'error-shape',
      'status-codes',
      'webhook-payload',
      'upload-response-body',
    ] as const) {
      const name =
        `${id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Meaning` as keyof typeof perUnknown;
      expect(perUnknown[name]).toEqual(unspecified[id].meaning);
    }
  });

  it('refuses a reading without meaning at run time', () => {
    expect(() => meaningOf('video-states', 'brief' as 'basic')).toThrow(
      '"brief" is not a reading of video-states',
    );
  });
});
