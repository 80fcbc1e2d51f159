/**
 * @video-api/schema/node: helpers that need Node (they read files), apart from the portable entries.
 *
 * @example
 * import { readReportFile } from '@video-api/schema/node';
 */
export { ReportFileError, readReportFile } from './read-report-file.js';
