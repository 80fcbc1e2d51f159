/** The meaning of readings reaches the registry as the spec gives it. */
import { describe, expect, it } from 'vitest';
import * as perUnknown from '../src/generated/meaning.js';
import { openapiDocument } from '../src/generated/openapi.js';
import { meaningOf, readingsOf, unspecified } from '../src/unspecified.js';

type RawMarker = { id: string; meaning?: unknown };

/** Every x-unspecified marker object of a document, wherever it sits. */
function markersIn(node: unknown): RawMarker[] {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'x-unspecified' ? ([] as RawMarker[]).concat(value as RawMarker) : markersIn(value),
  );
}

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

  it('is emitted once: the registry and the bundled document hold the per-unknown exports themselves', () => {
    const byName = new Map<string, unknown>(Object.entries(perUnknown));
    const exported = new Set(byName.values());
    const withMeaning = Object.values(unspecified).filter((marker) => 'meaning' in marker);
    expect(withMeaning.length).toBe(exported.size);
    for (const marker of withMeaning) {
      const name = `${marker.id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Meaning`;
      expect(byName.get(name)).toBe(marker.meaning);
    }
    const inDocument = markersIn(openapiDocument).filter((marker) => marker.meaning !== undefined);
    expect(inDocument.map((marker) => marker.id).sort()).toEqual(
      withMeaning.map((marker) => marker.id).sort(),
    );
    for (const marker of inDocument) expect(exported.has(marker.meaning)).toBe(true);
  });

  it('refuses a reading without meaning at run time', () => {
    expect(() => meaningOf('video-states', 'brief' as 'basic')).toThrow(
      '"brief" is not a reading of video-states',
    );
  });
});
