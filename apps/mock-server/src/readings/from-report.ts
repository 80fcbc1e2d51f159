/**
 * The twin: the readings a contract run observed, read from its report (`report.json` of
 * `video-api-contract`), so the mock plays what a real server was seen to play. An unknown the run
 * observed as `other`, did not observe, or does not list keeps the spec's default.
 */
import {
  idsWithReadings,
  mockReadings,
  type ReadingChoice,
  readingsFromReport,
  type UnspecifiedIdWithReadings,
} from '@video-api/schema';
import { ReadingError } from './choice.js';

/**
 * The part of a contract report the twin reads (checked at run time); a `ContractReport` of
 * `@video-api/contract`, or the parsed `report.json` it writes, is one.
 */
export interface TwinReport {
  checks: readonly unknown[];
  observations: ReadonlyArray<{ id: string; verdict: string; reading?: string | undefined }>;
}

/** Where the reading an unknown plays comes from. */
type TwinSource = 'report' | 'flag' | 'default';

/** What the twin plays for one unknown, and why. */
export interface TwinReading {
  id: UnspecifiedIdWithReadings;
  reading: string;
  source: TwinSource;
  /** What the report says of this unknown: `observed <reading>`, `observed other`, `not observed`, `not in the report`. */
  reported: string;
}

/**
 * The readings a report observed, checked against this spec's registry. `where` names the report in
 * errors (`--readings-from report.json`, `readingsFrom`). Throws a ReadingError (one line: where,
 * what was wrong, what is accepted) for what is not a contract report, or names an unknown id or
 * reading this spec does not have.
 *
 * @example
 * observedReadings(report, 'readingsFrom'); // { 'custom-fields-omitted': 'replace', … }
 */
export function observedReadings(report: unknown, where: string): ReadingChoice {
  const result = readingsFromReport(report);
  if (!result.ok) throw new ReadingError(`${where}: ${result.problems.join('; ')}`);
  return result.choice;
}

/**
 * For every unknown with readings, what the twin plays and where it comes from: a flag (the
 * `readings` option, which wins over the report), the report, or the spec's default. `report` must
 * have passed `observedReadings`.
 *
 * @example
 * twinReadings(report, { 'error-codes': 'validation-422' })[0]; // { id: 'status-codes', reading: 'semantic', source: 'report', reported: 'observed semantic' }
 */
export function twinReadings(report: TwinReport, flags: ReadingChoice = {}): TwinReading[] {
  const observed: ReadingChoice = observedReadings(report, 'report');
  const defaults = mockReadings();
  return idsWithReadings.map((id) => {
    const observation = report.observations.find((o) => o.id === id && o.verdict === 'observed');
    const reported =
      observation !== undefined
        ? `observed ${observation.reading}`
        : report.observations.some((o) => o.id === id)
          ? 'not observed'
          : 'not in the report';
    const flag = flags[id];
    const fromReport = observed[id];
    if (flag !== undefined) return { id, reading: flag, source: 'flag', reported };
    if (fromReport !== undefined) return { id, reading: fromReport, source: 'report', reported };
    return { id, reading: defaults[id], source: 'default', reported };
  });
}
