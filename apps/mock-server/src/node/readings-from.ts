/**
 * `--readings-from FILE`: the contract report a twin is started from, read and checked before
 * anything starts, and what the twin plays, said at start-up.
 */
import { readFileSync } from 'node:fs';
import type { ReadingChoice } from '@video-api/schema/unspecified';
import { OptionError } from '../options.js';
import { ReadingError } from '../readings/choice.js';
import { observedReadings, type TwinReport, twinReadings } from '../readings/from-report.js';

const ACCEPTED_FILE = 'a report.json written by video-api-contract --report DIR';

/**
 * Reads and checks the report at `path`; a missing or unreadable file, a file that is not JSON or
 * not a contract report, or one naming ids or readings this spec does not have is an OptionError of
 * one line that names the file, what was wrong and what is accepted.
 *
 * @example
 * readReadingsFrom('contract-report/report.json').observations.length;
 */
export function readReadingsFrom(path: string): TwinReport {
  const where = `--readings-from ${JSON.stringify(path)}`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'a folder, not a file'
          : code === 'EACCES'
            ? 'not readable by this user'
            : `cannot be read (${code ?? (error as Error).message})`;
    throw new OptionError(`${where}: ${why} (accepted: ${ACCEPTED_FILE})`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0];
    throw new OptionError(`${where}: not JSON (${detail}; accepted: ${ACCEPTED_FILE})`);
  }
  try {
    observedReadings(report, where);
  } catch (error) {
    if (error instanceof ReadingError) throw new OptionError(error.message);
    throw error;
  }
  return report as TwinReport;
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
