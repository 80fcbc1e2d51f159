/**
 * Reading choices written as text (`ID=READING`, and lists of them joined by commas), checked
 * against the unknowns registry: the mock's `--reading` and `X-Mock-Reading`, the contract's
 * `--reading` all read them here.
 */
import { hasReadings, idsWithReadings, isReading, type ReadingChoice, readingsOf } from './unspecified.js';

/** A parsed choice, or the problems that stop it, each a sentence naming the value and what is accepted. */
export type ReadingChoiceResult = { ok: true; choice: ReadingChoice } | { ok: false; problems: string[] };

/**
 * Splits one `ID=READING` pair (spaces around either side are dropped), or undefined when the text
 * is not of that form (no `=`, an empty side, or a second `=`).
 *
 * @example
 * splitReadingPair('status-codes=semantic'); // ['status-codes', 'semantic']
 */
export function splitReadingPair(text: string): [string, string] | undefined {
  const parts = text.split('=');
  if (parts.length !== 2) return undefined;
  const [id, reading] = parts.map((part) => part.trim()) as [string, string];
  return id === '' || reading === '' ? undefined : [id, reading];
}

/**
 * Checks pairs (`ID=READING` texts or `[id, reading]`) against the registry: every id names an
 * unknown with readings, every reading is one of its readings, and no id is given two readings.
 *
 * @example
 * parseReadingChoice(['custom-fields-omitted=replace']); // { ok: true, choice: { 'custom-fields-omitted': 'replace' } }
 */
export function parseReadingChoice(pairs: Iterable<string | readonly [string, string]>): ReadingChoiceResult {
  const choice: Record<string, string> = {};
  const problems: string[] = [];
  for (const item of pairs) {
    const pair = typeof item === 'string' ? splitReadingPair(item) : item;
    if (pair === undefined) {
      problems.push(`"${String(item).trim()}" is not of the form ID=READING`);
      continue;
    }
    const [id, reading] = pair;
    if (!hasReadings(id)) {
      problems.push(`unknown id "${id}" (accepted ids: ${idsWithReadings.join(', ')})`);
    } else if (!isReading(id, reading)) {
      problems.push(`unknown reading "${reading}" for ${id} (accepted: ${readingsOf(id).join(', ')})`);
    } else if (Object.hasOwn(choice, id) && choice[id] !== reading) {
      problems.push(`${id} is given twice, as ${choice[id]} and as ${reading} (give one reading per id)`);
    } else {
      choice[id] = reading;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, choice: choice as ReadingChoice };
}

/**
 * Parses a comma-separated list of `ID=READING` pairs (empty items are skipped).
 *
 * @example
 * parseReadingList('readiness-field=ready-flag, status-codes=semantic');
 */
export function parseReadingList(text: string): ReadingChoiceResult {
  return parseReadingChoice(text.split(',').filter((part) => part.trim() !== ''));
}

/**
 * Writes a choice as a list (`id=reading, id2=reading`), in the order of its keys: the form
 * `parseReadingList` reads.
 *
 * @example
 * formatReadingList({ 'status-codes': 'semantic' }); // 'status-codes=semantic'
 */
export function formatReadingList(choice: ReadingChoice): string {
  return Object.entries(choice)
    .map(([id, reading]) => `${id}=${reading}`)
    .join(', ');
}
