/**
 * `video-api-contract`: runs the contract suite and reports. Exit code 0 when no check failed, 1
 * when one did, 2 on bad usage, 3 when the target could not be reached or stopped answering, 4
 * when the server refused the token.
 */

import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printable } from '../report/printable.js';
import { toSummary } from '../report/summary.js';
import { toJson } from '../report/well-formed.js';
import { writeReports } from '../report/write.js';
import { defaultProfile } from '../suite/profile.js';
import { runContract, stoppedRun } from '../suite/run.js';
import { DEFAULT_TIMEOUT_MS, networkCode } from '../support/http.js';
import type { ContractReport, ProgressEvent, RunOptions, StoppedEarly, Target } from '../support/types.js';
import { type CliArgs, parseCliArgs, USAGE, UsageError } from './args.js';
import { jsonLine, listing, progressLine } from './progress.js';
import { httpTarget, inProcessTarget, MockUnavailable, type PreparedTarget } from './targets.js';
import { tlsFetch, UNTRUSTED_CERTIFICATE } from './tls-fetch.js';

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
  let ca: string | undefined;
  if (args.ca !== undefined) {
    ca = await readFile(args.ca, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(
        `--ca: cannot read "${args.ca}" (${error.code ?? error.message}); give a PEM file`,
      );
    });
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
      throw new UsageError(`--ca: "${args.ca}" holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    }
  }
  const tls = ca !== undefined || args.insecure;
  return httpTarget({
    ...(tls ? { fetch: tlsFetch({ ...(ca === undefined ? {} : { ca }), insecure: args.insecure }) } : {}),
    baseUrl: args.baseUrl,
    ...(args.uploadBaseUrl === undefined ? {} : { uploadBaseUrl: args.uploadBaseUrl }),
    token: args.token,
    ...(args.otherToken === undefined ? {} : { otherToken: args.otherToken }),
    ...(args.adminToken === undefined ? {} : { adminToken: args.adminToken }),
    projectKey: args.project,
    webhooks: args.webhooks,
    ...(args.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: args.requestTimeoutMs }),
  });
}

/**
 * Undefined when `baseUrl` answers (any HTTP answer, a redirect included: it is not followed)
 * within `timeoutMs`, else why the run cannot start.
 */
export async function reachable(
  baseUrl: string,
  timeoutMs: number,
  send: Target['fetch'] = (request) => fetch(request),
): Promise<StoppedEarly | undefined> {
  try {
    await send(new Request(baseUrl, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })).then(
      (r) => r.body?.cancel(),
    );
    return undefined;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      return {
        cause: 'no-answer',
        reason: `GET ${baseUrl}: ${baseUrl} did not answer within ${timeoutMs} ms (see --request-timeout)`,
      };
    }
    const code = networkCode(error);
    if (UNTRUSTED_CERTIFICATE.test(code)) {
      return {
        cause: 'unreachable',
        reason: `GET ${baseUrl}: cannot reach ${baseUrl} (${code}): its TLS certificate is not trusted; give its CA with --ca FILE (or NODE_EXTRA_CA_CERTS=FILE in the environment), or --insecure to skip verification (never against production)`,
      };
    }
    return {
      cause: 'unreachable',
      reason: `GET ${baseUrl}: cannot reach ${baseUrl} (${code}); is the server running?`,
    };
  }
}

/** `--report` names a folder (created when missing); an existing file there is refused up front. */
async function checkReportDir(dir: string | undefined): Promise<void> {
  if (dir === undefined) return;
  const found = await stat(dir).catch(() => undefined);
  if (found && !found.isDirectory()) {
    throw new UsageError(
      `--report: "${dir}" is a file; give a folder (an existing one, or one to create) for report.json, report.md, junit.xml and report.html`,
    );
  }
}

/** Prints the report and writes its files. */
async function output(args: CliArgs, io: Io, report: ContractReport): Promise<void> {
  if (args.reporter === 'json-lines') {
    io.stdout(jsonLine({ type: 'summary', ...report.summary, exitCode: exitCode(report) }));
  } else io.stdout(args.json ? toJson(report).trimEnd() : toSummary(report));
  if (args.reportDir !== undefined) {
    const files = await writeReports(args.reportDir, report);
    const page = `report page: ${pathToFileURL(resolve(args.reportDir, 'report.html')).href}`;
    // stdout stays machine-readable with --json and json-lines: the page is named on stderr there
    if (args.json || args.reporter === 'json-lines') io.stderr(page);
    else {
      io.stdout(`reports: ${files.join(', ')}`);
      io.stdout(page);
    }
  }
}

/** The exit code of a finished run. */
function exitCode(report: ContractReport): number {
  const cause = report.stoppedEarly?.cause;
  if (cause === 'unreachable' || cause === 'no-answer') return 3;
  if (cause === 'token-refused') return 4;
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
    if (args.list) {
      io.stdout(listing());
      return 0;
    }
    await checkReportDir(args.reportDir);
    prepared = await prepare(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`video-api-contract: ${error.message} (see --help)`);
    return 2;
  }
  const requestTimeoutMs = args.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const profile = args.profile ?? defaultProfile(prepared.target);
  const onProgress = (event: ProgressEvent) =>
    args.reporter === 'json-lines' ? io.stdout(jsonLine(event)) : io.stderr(progressLine(event));
  if (args.insecure) {
    io.stderr(
      'video-api-contract: WARNING: --insecure: TLS certificates are NOT verified; anyone between you and the server can read the token. Never use it against production; prefer --ca FILE.',
    );
  }
  if (args.reporter !== 'json-lines') {
    const why = args.profile
      ? 'as asked'
      : profile === 'safe'
        ? 'the default for a target that is not loopback'
        : 'the default for a loopback or in-process target';
    io.stderr(`video-api-contract: profile ${profile} (${why})`);
  }
  const options: RunOptions = {
    ...args.tuning,
    profile,
    only: args.only,
    skip: args.skip,
    onProgress,
    ...(args.runs === undefined ? {} : { propertyRuns: args.runs }),
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    ...(args.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: args.readyTimeoutMs }),
    requestTimeoutMs,
    ...(prepared.registerWebhook ? { registerWebhook: prepared.registerWebhook } : {}),
  };
  try {
    const problem =
      args.baseUrl === undefined
        ? undefined
        : await reachable(args.baseUrl, requestTimeoutMs, prepared.target.fetch);
    if (problem) {
      // Not reachable: the reports are still written, every check skipped and the stop failed.
      io.stderr(`video-api-contract: ${printable(problem.reason.replace(/^GET \S+: /, ''))}`);
      const report = await stoppedRun(prepared.target, options, problem);
      await output(args, io, report);
      return 3;
    }
    const report = await runContract(prepared.target, options);
    await output(args, io, report);
    if (report.stoppedEarly && exitCode(report) >= 3) {
      io.stderr(`video-api-contract: the run stopped early: ${printable(report.stoppedEarly.reason)}`);
    }
    return exitCode(report);
  } finally {
    await prepared.close();
  }
}
