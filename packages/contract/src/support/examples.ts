/** The spec's named examples, reused as test data so the suite writes what the spec shows. */
import { openapiDocument } from '@video-api/schema/openapi';

type Fields = Record<string, unknown>;
const examples = (openapiDocument.components as { examples: Record<string, { value: unknown }> }).examples;

function fieldsOf(name: string): Fields {
  const value = examples[name]?.value as { simpleCustomFields?: Fields } | undefined;
  if (!value?.simpleCustomFields) throw new Error(`the spec has no custom-fields example named ${name}`);
  return value.simpleCustomFields;
}

/** One example per value form of §2, by the form's name. */
export const valueFormExamples: Array<[form: string, fields: Fields]> = [
  ['string (free text note)', fieldsOf('FreeTextNoteField')],
  ['number (integer counter)', fieldsOf('IntegerCounterField')],
  ['boolean (flag)', fieldsOf('FlagField')],
  ['ISO 8601 UTC date-time string', fieldsOf('DateTimeField')],
  ['array of strings (multi-value text)', fieldsOf('MultiValueTextField')],
];

/** One field of every value form, in one body. */
export const everyValueForm: Fields = fieldsOf('UpdateEveryValueFormRequest');

/** The field names the spec's examples use, with the form of each. */
export const exampleFieldNames = Object.keys(everyValueForm);
