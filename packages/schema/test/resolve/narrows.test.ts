/** The resolved schemas say what each chosen reading's `narrows` meaning says, and nothing more. */
import { describe, expect, it } from 'vitest';
import { resolveSpec } from '../../src/resolve/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the JSON of the document.
type Doc = Record<string, any>;
const schemas = (readings: string[]) => (resolveSpec({ readings }).document as Doc).components.schemas;
const forms = (schema: Doc) => (schema.anyOf as Doc[]).map((form) => form.$ref ?? form.type ?? 'any');

describe('narrowing per reading', () => {
  it('create-empty-videos: rejected requires one video at least (§1); accepted-empty takes none', () => {
    expect(schemas(['create-empty-videos=rejected']).CreateVideosRequest.properties.videos.minItems).toBe(1);
    expect(
      schemas(['create-empty-videos=accepted-empty']).CreateVideosRequest.properties.videos.minItems,
    ).toBe(0);
  });

  it('upload-form-parts: names without control characters by default, any part under lenient, file only under file-only', () => {
    const form = (reading: string) => schemas([`upload-form-parts=${reading}`]).UploadVideoSourceRequest;
    const names = new RegExp(form('extra-parts-ignored').propertyNames.pattern, 'u');
    expect(['file', 'note', 'tab\tname', 'é'].every((name) => names.test(name))).toBe(true);
    expect(['a\u0001b', 'line\nbreak', '\u007f'].some((name) => names.test(name))).toBe(false);
    expect(form('lenient').propertyNames).toBeUndefined();
    expect(form('lenient').additionalProperties).toBeUndefined();
    expect(form('file-only').additionalProperties).toBe(false);
  });

  it('custom-field-null: rejected drops the null alternative of a written value; removes-field keeps it', () => {
    expect(forms(schemas(['custom-field-null=rejected']).SimpleCustomFields.additionalProperties)).toEqual([
      '#/components/schemas/CustomFieldValue',
    ]);
    expect(
      forms(schemas(['custom-field-null=removes-field']).SimpleCustomFields.additionalProperties),
    ).toEqual(['#/components/schemas/CustomFieldValue', 'null']);
  });

  it('custom-field-types: listed-forms reads only the five forms; any-json reads any JSON value', () => {
    expect(forms(schemas(['custom-field-types=listed-forms']).ReadCustomFieldValue)).toEqual([
      '#/components/schemas/CustomFieldValue',
    ]);
    expect(forms(schemas(['custom-field-types=any-json']).ReadCustomFieldValue)).toEqual([
      '#/components/schemas/CustomFieldValue',
      'null',
      'any',
    ]);
  });

  it('field-length-limits=limited: texts and field names of at most 255 characters', () => {
    const limited = schemas(['field-length-limits=limited']);
    expect(limited.CreateVideoEntry.properties.title.maxLength).toBe(255);
    expect(limited.CreateVideoEntry.properties.tags.items.maxLength).toBe(255);
    expect(limited.SimpleCustomFields.propertyNames).toEqual({ maxLength: 255 });
    expect(limited.CustomFieldValue.anyOf[0].maxLength).toBe(255);
    expect(limited.CustomFieldValue.anyOf[3].maxLength).toBeUndefined();
    expect(schemas([]).CreateVideoEntry.properties.title.maxLength).toBeUndefined();
  });

  it('videos-per-create-limit=limited: at most 100 videos per create', () => {
    expect(schemas(['videos-per-create-limit=limited']).CreateVideosRequest.properties.videos.maxItems).toBe(
      100,
    );
  });

  it('marks each narrowed node with the reading', () => {
    expect(schemas([]).CreateVideosRequest.properties.videos['x-resolved']).toEqual([
      { id: 'create-empty-videos', reading: 'rejected', from: 'default' },
    ]);
  });
});
