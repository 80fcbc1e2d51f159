/**
 * Which reading a resolved document says for each unknown with readings, and where the choice came
 * from: a flag (`--reading`), a contract report's evidence (`--from-report`), or the spec's default
 * (the reading the mock plays). Flags win over the report; the report wins over the default.
 */
import type { ReportedReading } from '../report-readings.js';
import {
  idsWithReadings,
  mockReadings,
  type ReadingChoice,
  type UnspecifiedIdWithReadings,
} from '../unspecified.js';

/** Where a chosen reading comes from. */
export type ChoiceSource = 'default' | 'flag' | 'report';

/** The reading chosen for one unknown, where it came from, and a report's evidence for it. */
export interface ChosenReading {
  id: UnspecifiedIdWithReadings;
  reading: string;
  from: ChoiceSource;
  /** What the contract run saw (only when `from` is `report`). */
  evidence?: string;
}

/**
 * One chosen reading per unknown with readings, in spec order.
 *
 * @example
 * chooseReadings({ 'status-codes': 'semantic' })[0]; // { id: 'status-codes', reading: 'semantic', from: 'flag' }
 */
export function chooseReadings(
  flags: ReadingChoice = {},
  reported: readonly ReportedReading[] = [],
): ChosenReading[] {
  const defaults = mockReadings();
  return idsWithReadings.map((id): ChosenReading => {
    const flag = flags[id];
    if (flag !== undefined) return { id, reading: flag, from: 'flag' };
    const seen = reported.find((r) => r.id === id);
    if (seen !== undefined) return { id, reading: seen.reading, from: 'report', evidence: seen.evidence };
    return { id, reading: defaults[id], from: 'default' };
  });
}

/** The chosen readings as a lookup by id. */
export type Chosen = ReadonlyMap<string, ChosenReading>;

/** `chooseReadings`' list as a map by id. */
export const byId = (list: readonly ChosenReading[]): Chosen => new Map(list.map((c) => [c.id, c]));
