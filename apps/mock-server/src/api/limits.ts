/**
 * The limits of §8 that concern request bodies, played as readings: `field-length-limits` and
 * `videos-per-create-limit`.
 */
import type { FieldProblem } from '../http/errors.js';

/** Problems for every text longer than `max` (title, tags, custom field values and names). */
export function longTexts(entries: Iterable<[pointer: string, text: string]>, max: number): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [pointer, text] of entries) {
    if (text.length > max) {
      problems.push({ pointer, message: `${text.length} characters; at most ${max} are accepted` });
    }
  }
  return problems;
}
