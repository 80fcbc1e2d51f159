/**
 * The twin: the readings a contract run observed, read from its report (`report.json` of
 * `video-api-contract`), so the mock plays what a real server was seen to play. An unknown the run
 * observed as `other`, did not observe, or does not list keeps the spec's default.
 */
import {
  hasReadings,
  idsWithReadings,
  isReading,
  mockReadings,
  type ReadingChoice,
  readingsOf,
  type UnspecifiedIdWithReadings,
} from '@video-api/schema/unspecified';
import * as z from 'zod';
import { ReadingError } from './choice.js';

/**
 * What the twin reads of a contract report: its checks (so that another JSON file is not taken for
 * one) and its observations. Other members (target, seed, summary, …) are allowed and ignored.
 */
const zReport = z.looseObject({
  checks: z.array(z.unknown()),
  observations: z.array(
    z.looseObject({
      id: z.string(),
      verdict: z.enum(['observed', 'not-observed']),
      reading: z.string().optional(),
    }),
  ),
});

/**
 * The part of a contract report the twin reads (checked at run time); a `ContractReport` of
 * `@video-api/contract`, or the parsed `report.json` it writes, is one.
 */
export interface TwinReport {
  checks: readonly unknown[];
  observations: ReadonlyArray<{ id: string; verdict: string; reading?: string | undefined }>;
}

/** Where the reading an unknown plays comes from. */
export type TwinSource = 'report' | 'flag' | 'default';

/** What the twin plays for one unknown, and why. */
export interface TwinReading {
  id: UnspecifiedIdWithReadings;
  reading: string;
  source: TwinSource;
  /** What the report says of this unknown: `observed <reading>`, `observed other`, `not observed`, `not in the report`. */
  reported: string;
}

const ACCEPTED_REPORT =
  'the report.json of a contract run: {"checks": [...], "observations": [{"id", "verdict": "observed" | "not-observed", "reading"}]}';

/** The first problem zod found, as `/pointer: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0] as z.core.$ZodIssue;
  const pointer = issue.path.map((part) => `/${String(part)}`).join('') || '(the document)';
  return `${pointer}: ${issue.message.replace(/^Invalid input: /, '')}`;
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
  const parsed = zReport.safeParse(report);
  if (!parsed.success) {
    throw new ReadingError(
      `${where}: not a contract report (${firstIssue(parsed.error)}; accepted: ${ACCEPTED_REPORT})`,
    );
  }
  const choice: Record<string, string> = {};
  const problems: string[] = [];
  parsed.data.observations.forEach((observation, index) => {
    const { id, verdict, reading } = observation;
    const at = `/observations/${index}`;
    if (!hasReadings(id)) {
      problems.push(`${at}: unknown id "${id}" (accepted ids: ${idsWithReadings.join(', ')})`);
      return;
    }
    if (verdict !== 'observed' || reading === 'other') return;
    if (reading === undefined || !isReading(id, reading)) {
      const accepted = [...readingsOf(id), 'other'].join(', ');
      problems.push(`${at}: unknown reading ${JSON.stringify(reading)} for ${id} (accepted: ${accepted})`);
    } else if (Object.hasOwn(choice, id) && choice[id] !== reading) {
      problems.push(
        `${at}: ${id} is observed twice, as ${choice[id]} and as ${reading} (one reading per id)`,
      );
    } else {
      choice[id] = reading;
    }
  });
  if (problems.length > 0) throw new ReadingError(`${where}: ${problems.join('; ')}`);
  return choice as ReadingChoice;
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
