/** `video-api-contract`: runs the contract suite and reports; exit code non-zero only when a check fails. */

import { toSummary } from '../report/summary.js';
import { writeReports } from '../report/write.js';
import { runContract } from '../run.js';
import { httpTarget, inProcessTarget, type PreparedTarget } from '../targets.js';
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
    return inProcessTarget({ projectKey: args.project, readings: args.readings });
  }
  if (!args.token) throw new UsageError('--token (or VIDEO_API_TOKEN) is required with --base-url');
  return httpTarget({
    baseUrl: args.baseUrl,
    ...(args.uploadBaseUrl === undefined ? {} : { uploadBaseUrl: args.uploadBaseUrl }),
    token: args.token,
    ...(args.otherToken === undefined ? {} : { otherToken: args.otherToken }),
    projectKey: args.project,
    webhooks: args.webhooks,
  });
}

async function reachable(baseUrl: string): Promise<string | undefined> {
  try {
    await fetch(baseUrl, { signal: AbortSignal.timeout(10_000) }).then((r) => r.body?.cancel());
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? String(error);
  }
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
  if (args.baseUrl !== undefined) {
    const problem = await reachable(args.baseUrl);
    if (problem) {
      io.stderr(`video-api-contract: cannot reach ${args.baseUrl} (${problem}); is the server running?`);
      return 3;
    }
  }
  try {
    const report = await runContract(prepared.target, {
      ...(args.runs === undefined ? {} : { propertyRuns: args.runs }),
      ...(args.seed === undefined ? {} : { seed: args.seed }),
      ...(args.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: args.readyTimeoutMs }),
      ...(prepared.registerWebhook ? { registerWebhook: prepared.registerWebhook } : {}),
    });
    io.stdout(args.json ? JSON.stringify(report, null, 2) : toSummary(report));
    if (args.reportDir !== undefined) {
      const files = await writeReports(args.reportDir, report);
      if (!args.json) io.stdout(`reports: ${files.join(', ')}`);
    }
    return report.summary.failed === 0 ? 0 : 1;
  } finally {
    await prepared.close();
  }
}
