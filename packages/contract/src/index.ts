/**
 * @video-api/contract: checks a server against the video upload and custom fields interface.
 * Pass/fail on what the document states; "observed" on what it leaves open, per unknown id.
 *
 * @example
 * import { runContract, toSummary } from '@video-api/contract';
 * const report = await runContract({ baseUrl, uploadBaseUrl: baseUrl, token, projectKey: 'demo', fetch });
 * console.log(toSummary(report));
 */
export { toJUnit } from './report/junit.js';
export { toMarkdown } from './report/markdown.js';
export { toSummary } from './report/summary.js';
export { toJson } from './report/well-formed.js';
export { writeReports } from './report/write.js';
export { runContract } from './suite/run.js';
export type {
  CheckResult,
  ContractReport,
  Observation,
  ObservationId,
  ObservationOf,
  ReplacedLoneSurrogates,
  RunOptions,
  StoppedEarly,
  Target,
  Verdict,
} from './support/types.js';
