/**
 * The prose of a resolved document says what the chosen readings say: each place a marker's
 * `describedIn` names (a description or summary whose words say the unknown is open: "… is not
 * shown", "the X reading decides") gets those words replaced by the sentences of the chosen readings
 * of every marker that names the same words there, in spec order. Words that an unknown without a
 * chosen reading also names stay as they are. The node holding the text lists the readings under
 * `x-resolved`.
 */

import { isObject, type JsonObject } from '../json-object.js';
import { type UnspecifiedMarker, unspecified } from '../unspecified.js';
import type { Chosen, ChosenReading } from './choices.js';
import { addResolved, nodeAt, sentenceOf } from './document.js';

/** The words of `text` as a pattern that lets any white space stand between them (YAML folds lines). */
const wordsPattern = (text: string): RegExp =>
  new RegExp(
    text
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );

/**
 * The readings' sentences, fitted to where the words stood: lower case after the start of a
 * sentence (unless the first word is an acronym), no final full stop where the words had none.
 */
function fitted(sentences: string, before: string, text: string): string {
  let result = sentences;
  const midSentence = /[^.!?\s]\s*$/.test(before);
  if (midSentence && !/^.[A-Z]/.test(result)) result = result.charAt(0).toLowerCase() + result.slice(1);
  if (!text.trim().endsWith('.')) result = result.replace(/\.$/, '');
  return result;
}

/** The places named by markers, each with the markers that name it, in spec order. */
function places(): Map<string, { at: string; text: string; ids: string[] }> {
  const found = new Map<string, { at: string; text: string; ids: string[] }>();
  for (const marker of Object.values(unspecified) as UnspecifiedMarker[]) {
    for (const { at, text } of marker.describedIn ?? []) {
      const key = `${at}\n${text}`;
      const place = found.get(key) ?? { at, text, ids: [] };
      place.ids.push(marker.id);
      found.set(key, place);
    }
  }
  return found;
}

/** Replaces the words each place names by what the chosen readings say (in place). */
export function resolveDescriptions(document: JsonObject, chosen: Chosen): void {
  for (const { at, text, ids } of places().values()) {
    const choices = ids.map((id) => chosen.get(id));
    if (!choices.every((choice): choice is ChosenReading => choice !== undefined)) continue;
    const slash = at.lastIndexOf('/');
    const holder = nodeAt(document, at.slice(0, slash));
    const key = at.slice(slash + 1);
    const current = holder?.[key];
    if (!isObject(holder) || typeof current !== 'string') continue;
    const match = wordsPattern(text).exec(current);
    if (match === null) continue;
    const sentences = choices.map(sentenceOf).join(' ');
    const before = current.slice(0, match.index);
    holder[key] = before + fitted(sentences, before, text) + current.slice(match.index + match[0].length);
    addResolved(holder, choices);
  }
}
