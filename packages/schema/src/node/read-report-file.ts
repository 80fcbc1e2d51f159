/**
 * Node only: reads a contract report file (`report.json` of `video-api-contract --report DIR`) and
 * checks it against this spec's registry, for commands that take one (`video-api-spec resolve
 * --from-report`, `video-api-mock --readings-from`). Every problem is one line naming the file.
 */
import { readFileSync } from 'node:fs';
import { type ReportReadingsResult, readingsFromReport } from '../report-readings.js';

/** A report file that cannot be used: the message is one line (where, what was wrong, what is accepted). */
export class ReportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportFileError';
  }
}

const ACCEPTED_FILE = 'a report.json written by video-api-contract --report DIR';

/** Why a file could not be read, in words. */
function unreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'a folder, not a file';
  if (code === 'EACCES') return 'not readable by this user';
  return `cannot be read (${code ?? (error as Error).message})`;
}

/**
 * The parsed report at `path` and the readings it observed; `where` starts every message (e.g.
 * `--from-report "report.json"`). Throws a ReportFileError for a missing or unreadable file, a file
 * that is not JSON or not a contract report, or one naming ids or readings this spec does not have.
 *
 * @example
 * const { report, readings } = readReportFile('contract-report/report.json', '--from-report "contract-report/report.json"');
 */
export function readReportFile(
  path: string,
  where: string,
): { report: unknown; readings: Extract<ReportReadingsResult, { ok: true }> } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ReportFileError(`${where}: ${unreadable(error)} (accepted: ${ACCEPTED_FILE})`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0];
    throw new ReportFileError(`${where}: not JSON (${detail}; accepted: ${ACCEPTED_FILE})`);
  }
  const readings = readingsFromReport(report);
  if (!readings.ok) throw new ReportFileError(`${where}: ${readings.problems.join('; ')}`);
  return { report, readings };
}
