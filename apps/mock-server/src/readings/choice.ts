/**
 * Reading choices: parsing and checking `id=reading` pairs against the registry (options, the
 * `X-Mock-Reading` header, the admin API), random sets from a seed, sets over the spec's defaults.
 */
import {
  hasReadings,
  idsWithReadings,
  isReading,
  mockReadings,
  type ReadingChoice,
  type ReadingSet,
  readingsOf,
  type UnspecifiedIdWithReadings,
} from '@video-api/schema/unspecified';
import { seededRandom } from '../shared/random.js';

/** Header a request uses to pick readings: `X-Mock-Reading: id=reading, id2=reading`. */
export const READING_REQUEST_HEADER = 'x-mock-reading';
/** Header every response carries: the readings that response played. */
export const READINGS_RESPONSE_HEADER = 'x-mock-readings';

/** A reading choice that names an unknown id or a reading that does not exist. */
export class ReadingError extends Error {
  override name = 'ReadingError';
}

function describeAccepted(id: UnspecifiedIdWithReadings): string {
  return readingsOf(id).join(', ');
}

/**
 * Checks a list of `[id, reading]` pairs against the registry. `where` names their origin in the
 * error message (e.g. "--reading", "header X-Mock-Reading").
 *
 * @example
 * parseReadingChoice([['custom-fields-omitted', 'replace']], 'option readings');
 */
export function parseReadingChoice(pairs: Iterable<[string, string]>, where: string): ReadingChoice {
  const choice: Record<string, string> = {};
  const problems: string[] = [];
  for (const [id, reading] of pairs) {
    if (!hasReadings(id)) {
      problems.push(`unknown id "${id}" (accepted ids: ${idsWithReadings.join(', ')})`);
    } else if (!isReading(id, reading)) {
      problems.push(`unknown reading "${reading}" for ${id} (accepted: ${describeAccepted(id)})`);
    } else if (Object.hasOwn(choice, id) && choice[id] !== reading) {
      problems.push(`${id} is given twice, as ${choice[id]} and as ${reading} (give one reading per id)`);
    } else {
      choice[id] = reading;
    }
  }
  if (problems.length > 0) throw new ReadingError(`${where}: ${problems.join('; ')}`);
  return choice as ReadingChoice;
}

/** Splits `id=reading` text (one pair); malformed text becomes a ReadingError naming `where`. */
export function splitPair(text: string, where: string): [string, string] {
  const at = text.indexOf('=');
  const id = text.slice(0, at).trim();
  const reading = text.slice(at + 1).trim();
  if (at < 0 || id === '' || reading === '') {
    throw new ReadingError(`${where}: "${text.trim()}" is not of the form id=reading`);
  }
  return [id, reading];
}

/**
 * Parses the `X-Mock-Reading` header value.
 *
 * @example
 * parseReadingHeader('readiness-field=ready-flag, status-codes=semantic');
 */
export function parseReadingHeader(value: string): ReadingChoice {
  const where = 'header X-Mock-Reading';
  const parts = value.split(',').filter((part) => part.trim() !== '');
  return parseReadingChoice(
    parts.map((part) => splitPair(part, where)),
    where,
  );
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
