/**
 * The custom fields predefined at start for `custom-field-definition=predefined` and `typed`: the fields of
 * the spec's example with one field of every value form (§2), their kinds read from the values.
 * Replace them with `PUT /__mock/custom-field-definitions` or `app.mock.setDefinitions()`.
 */
import { fieldKindOf } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import type { FieldDefinition, FieldValue } from './types.js';

const EXAMPLE = 'UpdateEveryValueFormRequest';
/**
 * The definitions of the spec's every-value-form example.
 *
 * @example
 * defaultDefinitions(); // [{ name: 'note', kind: 'string' }, { name: 'views', kind: 'number' }, …]
 */
export function defaultDefinitions(): FieldDefinition[] {
  const components = openapiDocument.components as
    | { examples?: Record<string, { value?: { simpleCustomFields?: Record<string, FieldValue> } }> }
    | undefined;
  const fields = components?.examples?.[EXAMPLE]?.value?.simpleCustomFields ?? {};
  return Object.entries(fields).map(([name, value]) => ({ name, kind: fieldKindOf(value) ?? 'string' }));
}
