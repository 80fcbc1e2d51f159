/**
 * The readings a contract run observed, read from its report (`report.json` of
 * `video-api-contract`) and checked against this spec's registry: what the mock's twin plays
 * (`--readings-from`) and what `video-api-spec resolve --from-report` writes into a document.
 */
import { isObject } from './json-object.js';
import { hasReadings, idsWithReadings, isReading, type ReadingChoice, readingsOf } from './unspecified.js';

/** One observation of a report that names a reading of this spec: the reading and the evidence. */
export interface ReportedReading {
  id: keyof ReadingChoice;
  reading: string;
  evidence: string;
}

/** What a report says, or the problems that stop it, each a sentence naming where and what is accepted. */
export type ReportReadingsResult =
  | { ok: true; choice: ReadingChoice; observed: ReportedReading[]; listed: Set<string> }
  | { ok: false; problems: string[] };

/** The shape a contract report must have, as the sentence errors end with. */
export const ACCEPTED_REPORT =
  'the report.json of a contract run: {"checks": [...], "observations": [{"id", "verdict": "observed" | "not-observed", "reading", "evidence"}]}';

/** What a JSON value is, in the words zod uses (`received null`, `received array`). */
const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** The first reason `report` is not a contract report, as `/pointer: what`, or undefined. */
function shapeProblem(report: unknown): string | undefined {
  if (!isObject(report)) return `(the document): expected object, received ${kindOf(report)}`;
  if (!Array.isArray(report.checks)) return `/checks: expected array, received ${kindOf(report.checks)}`;
  for (const member of ['observations', 'localObservations'] as const) {
    const list = report[member];
    if (list === undefined && member === 'localObservations') continue;
    if (!Array.isArray(list)) return `/${member}: expected array, received ${kindOf(list)}`;
    for (const [index, item] of list.entries()) {
      const at = `/${member}/${index}`;
      if (!isObject(item)) return `${at}: expected object, received ${kindOf(item)}`;
      if (typeof item.id !== 'string') return `${at}/id: expected string, received ${kindOf(item.id)}`;
      if (item.verdict !== 'observed' && item.verdict !== 'not-observed') {
        return `${at}/verdict: expected one of "observed"|"not-observed"`;
      }
      if (item.reading !== undefined && typeof item.reading !== 'string') {
        return `${at}/reading: expected string, received ${kindOf(item.reading)}`;
      }
    }
  }
  return undefined;
}

/**
 * The readings a report observed. An unknown observed as `other`, not observed, or missing from
 * the report is not in `choice`; `listed` holds every id the report mentions. A report's
 * `localObservations` (unknowns the suite kept before the spec listed them) count for the ids this
 * spec now lists and are ignored otherwise.
 *
 * @example
 * const result = readingsFromReport(JSON.parse(text));
 * if (result.ok) result.choice; // { 'custom-fields-omitted': 'replace', … }
 */
export function readingsFromReport(report: unknown): ReportReadingsResult {
  const shape = shapeProblem(report);
  if (shape !== undefined)
    return { ok: false, problems: [`not a contract report (${shape}; accepted: ${ACCEPTED_REPORT})`] };
  const { observations, localObservations = [] } = report as Record<string, Array<Record<string, unknown>>>;
  const choice: Record<string, string> = {};
  const observed: ReportedReading[] = [];
  const listed = new Set<string>();
  const problems: string[] = [];
  const entries = [
    ...(observations ?? []).map((o, index) => [o, `/observations/${index}`, false] as const),
    ...localObservations.map((o, index) => [o, `/localObservations/${index}`, true] as const),
  ];
  for (const [observation, at, local] of entries) {
    const { id, verdict, reading, evidence } = observation as {
      id: string;
      verdict: string;
      reading?: string;
      evidence?: unknown;
    };
    if (!hasReadings(id)) {
      if (!local) problems.push(`${at}: unknown id "${id}" (accepted ids: ${idsWithReadings.join(', ')})`);
      continue;
    }
    listed.add(id);
    if (verdict !== 'observed' || reading === 'other') continue;
    if (reading === undefined || !isReading(id, reading)) {
      const accepted = [...readingsOf(id), 'other'].join(', ');
      problems.push(`${at}: unknown reading ${JSON.stringify(reading)} for ${id} (accepted: ${accepted})`);
    } else if (Object.hasOwn(choice, id) && choice[id] !== reading) {
      problems.push(
        `${at}: ${id} is observed twice, as ${choice[id]} and as ${reading} (one reading per id)`,
      );
    } else if (!Object.hasOwn(choice, id)) {
      choice[id] = reading;
      observed.push({ id, reading, evidence: typeof evidence === 'string' ? evidence : '' });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, choice: choice as ReadingChoice, observed, listed };
}
