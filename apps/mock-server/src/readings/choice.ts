/**
 * Reading choices: parsing and checking `id=reading` pairs against the registry (options, the
 * `X-Mock-Reading` header, the admin API), random sets from a seed, sets over the spec's defaults.
 */
import {
  parseReadingChoice as checkChoice,
  idsWithReadings,
  mockReadings,
  parseReadingList,
  type ReadingChoice,
  type ReadingChoiceResult,
  type ReadingSet,
  readingsOf,
  splitReadingPair,
} from '@video-api/schema';
import { seededRandom } from '../shared/random.js';

/** Header a request uses to pick readings: `X-Mock-Reading: id=reading, id2=reading`. */
export const READING_REQUEST_HEADER = 'x-mock-reading';
/** Header every response carries: the readings that response played. */
export const READINGS_RESPONSE_HEADER = 'x-mock-readings';

/** A reading choice that names an unknown id or a reading that does not exist. */
export class ReadingError extends Error {
  override name = 'ReadingError';
}

/**
 * Checks a list of `[id, reading]` pairs against the registry, as every layer checks them
 * (`parseReadingChoice` of `@video-api/schema`). `where` names their origin in the error message
 * (e.g. "--reading", "header X-Mock-Reading").
 *
 * @example
 * parseReadingChoice([['custom-fields-omitted', 'replace']], 'option readings');
 */
export function parseReadingChoice(pairs: Iterable<[string, string]>, where: string): ReadingChoice {
  return orThrow(checkChoice(pairs), where);
}

/** Splits `id=reading` text (one pair); malformed text becomes a ReadingError naming `where`. */
export function splitPair(text: string, where: string): [string, string] {
  const pair = splitReadingPair(text);
  if (pair === undefined) throw new ReadingError(`${where}: "${text.trim()}" is not of the form id=reading`);
  return pair;
}

/**
 * Parses the `X-Mock-Reading` header value.
 *
 * @example
 * parseReadingHeader('readiness-field=ready-flag, status-codes=semantic');
 */
export function parseReadingHeader(value: string): ReadingChoice {
  return orThrow(parseReadingList(value), 'header X-Mock-Reading');
}

function orThrow(result: ReadingChoiceResult, where: string): ReadingChoice {
  if (!result.ok) throw new ReadingError(`${where}: ${result.problems.join('; ')}`);
  return result.choice;
}

/** One reading per unknown, drawn from `seed` (the same seed gives the same set). */
export function randomReadings(seed: number): ReadingSet {
  const next = seededRandom(seed);
  const set: Record<string, string> = {};
  for (const id of idsWithReadings) {
    const readings = readingsOf(id);
    set[id] = String(readings[Math.floor(next() * readings.length)]);
  }
  return set as ReadingSet;
}

/** The spec's defaults with `choice` laid over them. */
export function readingSet(choice: ReadingChoice = {}): ReadingSet {
  return { ...mockReadings(), ...choice };
}
