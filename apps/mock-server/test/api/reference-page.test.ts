/** The reference page puts the spec's words in as text: whatever they hold, the markup stays the same. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referencePage } from '../../src/api/reference-page.js';

/** A small document whose every word is `text`. */
function documentOf(text: string): Record<string, unknown> {
  const marker = { id: text, source: text, says: text, readings: { [text]: text }, mock: text };
  return {
    info: { title: text, summary: text, version: text },
    'x-unspecified': [marker],
    paths: {
      [`/${text}`]: {
        get: {
          operationId: text,
          summary: text,
          description: text,
          'x-unspecified': marker,
          parameters: [
            { name: text, in: 'path', required: true, description: text, schema: { type: 'string' } },
          ],
          responses: {
            [text]: {
              description: text,
              content: { [text]: { schema: { $ref: '#/components/schemas/S' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: { S: { type: 'object', description: text, properties: { [text]: { description: text } } } },
    },
  };
}

const markup = (page: string) => page.replace(/[^<>"']/g, '');

describe('referencePage', () => {
  it('escapes the words of the spec: the markup of any text is the markup of plain text', async () => {
    const plain = markup(String(await referencePage(documentOf('plain'))));
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 20 }), async (text) => {
        const page = String(await referencePage(documentOf(text)));
        expect(markup(page)).toBe(plain);
      }),
      { numRuns: 200 },
    );
  });

  it('marks the reading the mock plays by default', async () => {
    const page = String(await referencePage(documentOf('x')));
    expect(page).toContain("<code>x</code> <em>(the mock's default)</em>");
  });
});
