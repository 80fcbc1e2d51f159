/**
 * `video-api-contract`: runs the contract suite and reports. Exit code 0 when no check failed, 1
 * when one did, 2 on bad usage, 3 when the target could not be reached or stopped answering.
 */

import { DEFAULT_TIMEOUT_MS, networkCode } from '../http.js';
import { toSummary } from '../report/summary.js';
import { writeReports } from '../report/write.js';
import { runContract } from '../run.js';
import { httpTarget, inProcessTarget, MockUnavailable, type PreparedTarget } from '../targets.js';
import type { ContractReport } from '../types.js';
import { type CliArgs, parseCliArgs, USAGE, UsageError } from './args.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
};

async function prepare(args: CliArgs): Promise<PreparedTarget> {
  if (args.baseUrl === undefined) {
    try {
      return await inProcessTarget({ projectKey: args.project, readings: args.readings });
    } catch (error) {
      // Not installed, or options the mock refuses: the invocation has to change (exit 2).
      if (error instanceof MockUnavailable) throw new UsageError(error.message);
      throw error;
    }
  }
  if (!args.token) throw new UsageError('--token (or VIDEO_API_TOKEN) is required with --base-url');
  return httpTarget({
    baseUrl: args.baseUrl,
    ...(args.uploadBaseUrl === undefined ? {} : { uploadBaseUrl: args.uploadBaseUrl }),
    token: args.token,
    ...(args.otherToken === undefined ? {} : { otherToken: args.otherToken }),
    projectKey: args.project,
    webhooks: args.webhooks,
    ...(args.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: args.requestTimeoutMs }),
  });
}

/** Undefined when `baseUrl` answers (any status) within `timeoutMs`, else what went wrong. */
export async function reachable(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    await fetch(baseUrl, { signal: AbortSignal.timeout(timeoutMs) }).then((r) => r.body?.cancel());
    return undefined;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      return `${baseUrl} did not answer within ${timeoutMs} ms (see --request-timeout)`;
    }
    return `cannot reach ${baseUrl} (${networkCode(error)}); is the server running?`;
  }
}

/** The exit code of a finished run. */
export function exitCode(report: ContractReport): number {
  const cause = report.stoppedEarly?.cause;
  if (cause === 'unreachable' || cause === 'no-answer') return 3;
  return report.summary.failed === 0 && !report.stoppedEarly ? 0 : 1;
}

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  let args: CliArgs;
  let prepared: PreparedTarget;
  try {
    args = parseCliArgs(argv, io.env);
    if (args.help) {
      io.stdout(USAGE);
      return 0;
    }
    prepared = await prepare(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`video-api-contract: ${error.message} (see --help)`);
    return 2;
  }
  const requestTimeoutMs = args.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (args.baseUrl !== undefined) {
    const problem = await reachable(args.baseUrl, requestTimeoutMs);
    if (problem) {
      io.stderr(`video-api-contract: ${problem}`);
      await prepared.close();
      return 3;
    }
  }
  try {
    const report = await runContract(prepared.target, {
      ...(args.runs === undefined ? {} : { propertyRuns: args.runs }),
      ...(args.seed === undefined ? {} : { seed: args.seed }),
      ...(args.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: args.readyTimeoutMs }),
      requestTimeoutMs,
      ...(prepared.registerWebhook ? { registerWebhook: prepared.registerWebhook } : {}),
    });
    io.stdout(args.json ? JSON.stringify(report, null, 2) : toSummary(report));
    if (args.reportDir !== undefined) {
      const files = await writeReports(args.reportDir, report);
      if (!args.json) io.stdout(`reports: ${files.join(', ')}`);
    }
    if (report.stoppedEarly && exitCode(report) === 3) {
      io.stderr(`video-api-contract: the run stopped early: ${report.stoppedEarly.reason}`);
    }
    return exitCode(report);
  } finally {
    await prepared.close();
  }
}
