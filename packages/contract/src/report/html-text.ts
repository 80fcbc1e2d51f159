/**
 * Text for report.html: every string a server or a user gave is shown as text, never as markup.
 * Control characters are shown escaped first (printable), then `& < > " '` become entities, so a
 * value is safe in an element and in a quoted attribute.
 */
import { printable } from './printable.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const text = (value: string): string =>
  printable(value).replace(/[&<>"']/g, (ch) => ENTITIES[ch] as string);

/** An id usable as a fragment (`#unknown-…`): the registry's ids are kebab-case already; anything else becomes `-`. */
export const anchor = (prefix: string, id: string): string => `${prefix}-${id.replace(/[^a-z0-9-]/gi, '-')}`;
