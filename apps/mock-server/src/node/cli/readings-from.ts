/**
 * `--readings-from FILE`: the contract report a twin is started from, read and checked before
 * anything starts, and what the twin plays, said at start-up.
 */

import type { ReadingChoice } from '@video-api/schema';
import { ReportFileError, readReportFile } from '@video-api/schema/node';
import { OptionError } from '../../options.js';
import { type TwinReport, twinReadings } from '../../readings/from-report.js';

/**
 * Reads and checks the report at `path`; a missing or unreadable file, a file that is not JSON or
 * not a contract report, or one naming ids or readings this spec does not have is an OptionError of
 * one line that names the file, what was wrong and what is accepted.
 *
 * @example
 * readReadingsFrom('contract-report/report.json').observations.length;
 */
export function readReadingsFrom(path: string): TwinReport {
  try {
    return readReportFile(path, `--readings-from ${JSON.stringify(path)}`).report as TwinReport;
  } catch (error) {
    if (error instanceof ReportFileError) throw new OptionError(error.message);
    throw error;
  }
}

/**
 * The start-up lines of a twin: for each unknown the reading played and where it comes from.
 *
 * @example
 * describeTwin('report.json', report, { 'error-codes': 'validation-422' });
 * // ['  readings from report.json (--reading wins over it):', '    status-codes  semantic  from the report', …]
 */
export function describeTwin(path: string, report: TwinReport, flags: ReadingChoice = {}): string[] {
  const rows = twinReadings(report, flags);
  const idWidth = Math.max(...rows.map((row) => row.id.length));
  const readingWidth = Math.max(...rows.map((row) => row.reading.length));
  const lines = rows.map(({ id, reading, source, reported }) => {
    const why =
      source === 'report'
        ? 'from the report'
        : source === 'flag'
          ? `--reading (the report: ${reported})`
          : `the default (${reported})`;
    return `    ${id.padEnd(idWidth)}  ${reading.padEnd(readingWidth)}  ${why}`;
  });
  return [`  readings from ${path} (--reading wins over it):`, ...lines];
}
