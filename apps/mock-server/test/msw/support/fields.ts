/**
 * The five value forms of §2, from one place: the spec's every-value-form example, on the wire
 * (`EVERY_FORM`) and as the client's typed fields read it (`VALUES`, dates as `Date`). Web APIs
 * only: the browser page uses it too.
 */
import { openapiDocument } from '@video-api/schema/openapi';
import { defineCustomFields } from './client.js';

interface Examples {
  examples: Record<
    string,
    { value: { simpleCustomFields: Record<string, string | number | boolean | string[]> } }
  >;
}

/** The spec's example with one custom field of every value form, as sent. */
export const EVERY_FORM = (openapiDocument.components as unknown as Examples).examples
  .UpdateEveryValueFormRequest?.value.simpleCustomFields as Record<
  string,
  string | number | boolean | string[]
>;

/** The example's fields, typed by kind. */
export const fields = defineCustomFields({
  note: 'text',
  views: 'counter',
  featured: 'flag',
  publishedAt: 'datetime',
  topics: 'multiText',
});

/** The example as the client's typed fields read it. */
export const VALUES = fields.parse(EVERY_FORM);
if (Object.keys(VALUES).length !== 5) {
  throw new Error(
    `the spec's every-value-form example no longer has five forms: ${JSON.stringify(EVERY_FORM)}`,
  );
}
