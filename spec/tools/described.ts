/**
 * The `describedIn` member of a marker: the places where the spec's own prose says its unknown is
 * open ("… is not shown", "the X reading decides"), each a JSON Pointer to a `description` or
 * `summary` and the exact words (white space aside). A resolved document replaces those words by
 * what the chosen readings say, so that no text of it still describes the unknown as open.
 *
 * ```yaml
 * describedIn:
 *   - {at: /paths/~1api~1v1~1videos~1{videoKey}/get/description, text: the field that shows readiness is not shown.}
 * ```
 */
import { specNode } from './narrows.js';

/** One place of the spec's prose that describes the unknown as open. */
export interface Described {
  at: string;
  text: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Text with every run of white space as one space (YAML folds long lines). */
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Problems of a marker's `describedIn` (`at` names the marker): each place a string of the spec holding its text. */
export function describedProblems(value: unknown, spec: unknown, at: string): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    return [`${at}: describedIn must be a non-empty list of {at, text}`];
  }
  return value.flatMap((entry, index) => {
    const where = `${at}: describedIn[${index}]`;
    if (
      !isObject(entry) ||
      typeof entry.at !== 'string' ||
      typeof entry.text !== 'string' ||
      entry.text.trim() === ''
    ) {
      return [`${where} must be {at: a JSON Pointer, text: the words there}`];
    }
    const extra = Object.keys(entry).filter((key) => key !== 'at' && key !== 'text');
    if (extra.length > 0) return [`${where}: unknown member "${extra[0]}" (accepted: at, text)`];
    const node = specNode(spec, entry.at);
    if (typeof node !== 'string') return [`${where}: at "${entry.at}" names no text of the spec`];
    if (!/\/(description|summary)$/.test(entry.at))
      return [`${where}: at "${entry.at}" is not a description or summary`];
    return squash(node).includes(squash(entry.text))
      ? []
      : [`${where}: the text at "${entry.at}" does not hold "${entry.text}"`];
  });
}
