/**
 * The page's custom fields, one of each value form of §2, declared with the client's typed kinds:
 * free text, a counter, a flag, a date-time (a `Date` in code) and multi-value text.
 */
import { defineCustomFields, type FieldValues } from '@video-api/client';

export const videoFields = defineCustomFields({
  note: 'text',
  views: 'counter',
  featured: 'flag',
  publishedAt: 'datetime',
  topics: 'multiText',
});

export type VideoFieldValues = FieldValues<typeof videoFields.kinds>;
