/** The runner: checks what the document states and probes what it leaves open, in one pass. */

import { idsWithReadings } from '@video-api/schema';
import { checkClient } from '../checks/client.js';
import { checkCreate } from '../checks/create.js';
import { checkCustomFields } from '../checks/custom-fields.js';
import { checkPlayback, playbackOf } from '../checks/playback.js';
import { checkProperties } from '../checks/properties.js';
import { checkInterleaved } from '../checks/sequences.js';
import {
  checkBearerRequired,
  checkBecomesReady,
  checkGet,
  checkUnknownKeys,
  checkUpload,
  checkUploadRefusals,
} from '../checks/video.js';
import { Context } from '../context/context.js';
import { explain } from '../context/failures.js';
import { probeAuth } from '../probes/auth.js';
import { observeCondition, probeMediaType } from '../probes/conditions.js';
import { probeDefinition, probeNull, probeOmitted } from '../probes/custom-fields.js';
import { probeEmptyCreate } from '../probes/empty-create.js';
import {
  probeFieldLength,
  probeFileSize,
  probeRateLimit,
  probeTransitions,
  probeVideosPerCreate,
} from '../probes/limits.js';
import { probeFieldFormats, probeRecordFields, probeStates } from '../probes/readiness.js';
import { probeReadiness } from '../probes/readiness-field.js';
import { probeErrors, probeStatusCodes, probeUploadBody } from '../probes/responses.js';
import { probeWebhooks } from '../probes/webhooks.js';
import { wellFormed } from '../report/well-formed.js';
import { DEFAULT_TIMEOUT_MS, NO_EXCHANGE } from '../support/http.js';
import type { ContractReport, RunOptions, StoppedEarly, Target } from '../support/types.js';

const DEFAULTS = {
  propertyRuns: 25,
  readyTimeoutMs: 60_000,
  requestTimeoutMs: DEFAULT_TIMEOUT_MS,
  pollIntervalMs: 100,
  sequenceVideos: 3,
  rateLimitProbeRequests: 60,
  createLimitProbeSize: 101,
  fieldLengthProbeSize: 10_000,
};

/**
 * Runs the whole contract suite against one target.
 *
 * @example
 * const report = await runContract({
 *   baseUrl: 'http://localhost:4010', uploadBaseUrl: 'http://localhost:4010',
 *   token: 'mock-token', projectKey: 'demo', fetch: (request) => fetch(request),
 * });
 * if (report.summary.failed > 0) process.exitCode = 1;
 */
export async function runContract(target: Target, options: RunOptions = {}): Promise<ContractReport> {
  return runWith(target, options);
}

/**
 * The report of a run that stopped before its first request (the target could not be reached):
 * every check skipped, every unknown not observed, and the stop recorded as a failed check.
 */
export async function stoppedRun(
  target: Target,
  options: RunOptions,
  stopped: StoppedEarly,
): Promise<ContractReport> {
  return runWith(target, options, stopped);
}

async function runWith(target: Target, options: RunOptions, stopped?: StoppedEarly): Promise<ContractReport> {
  const seed = options.seed ?? randomSeed();
  const ctx = new Context(target, { ...DEFAULTS, ...options, seed });
  const startedAt = new Date();
  if (stopped) ctx.stopWithFailure(stopped.cause, stopped.reason);
  // After a stop every later check is recorded as skipped and every probe as not observed, so a
  // report always lists the whole suite.
  try {
    await lifecycle(ctx, await checkCreate(ctx));
  } catch (error) {
    ctx.stopWithFailure('error', `the suite met an unexpected error: ${explain(error)}`);
  }

  for (const id of idsWithReadings) {
    if (!ctx.observations.some((o) => o.id === id)) {
      await ctx.observe(id, async () => ({ notObserved: 'not probed: an earlier step failed' }));
    }
  }
  const count = (verdict: string) => ctx.checks.filter((c) => c.verdict === verdict).length;
  const notObserved = ctx.observations.filter((o) => o.verdict === 'not-observed').length;
  // A server's `"\ud800"` reaches details and evidence: the report holds U+FFFD there, and says where.
  return wellFormed({
    target: { baseUrl: target.baseUrl, uploadBaseUrl: target.uploadBaseUrl },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed,
    ...(ctx.stopped ? { stoppedEarly: ctx.stopped } : {}),
    checks: ctx.checks,
    observations: ctx.observations,
    summary: {
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skipped'),
      observed: ctx.observations.length - notObserved,
      notObserved,
    },
  });
}

/** A seed in fast-check's range (a 32-bit integer), reported so a failure can be replayed. */
function randomSeed(): number {
  return (Date.now() ^ (Math.random() * 0x100000000)) | 0;
}

async function lifecycle(ctx: Context, created: Awaited<ReturnType<typeof checkCreate>>): Promise<void> {
  const [key, second] = created ? (created.keys as [string, string]) : ['(not created)', '(not created)'];
  const createExchange = created?.exchange ?? NO_EXCHANGE;
  const playback = playbackOf(created?.exchange, key);
  const before = await checkGet(ctx, key);
  await probeReadiness(ctx, before, playback);
  await probeRecordFields(ctx, before);
  await probeFieldFormats(ctx, before);

  const upload = await checkUpload(ctx, key);
  await probeStatusCodes(ctx, createExchange, upload);
  await probeUploadBody(ctx, upload);
  const { polls, ready } = await checkBecomesReady(ctx, key);
  await checkPlayback(ctx, key, playback, ready);
  await probeStates(ctx, [before, upload, ...polls]);
  const notAForm = await checkUploadRefusals(ctx, second);

  await probeDefinition(ctx, key);
  await checkCustomFields(ctx, key);
  await probeOmitted(ctx, key);
  await probeNull(ctx, key);
  await checkClient(ctx);

  await observeCondition(ctx, 'token-refusal', await checkBearerRequired(ctx, second));
  await probeAuth(ctx, key);
  await observeCondition(ctx, 'unknown-video-key', await checkUnknownKeys(ctx));
  await probeErrors(ctx);
  await probeMediaType(ctx, second, notAForm);
  await probeTransitions(ctx, key);

  await checkProperties(ctx, second);
  await checkInterleaved(ctx);
  await probeWebhooks(ctx);

  await probeFieldLength(ctx);
  await probeVideosPerCreate(ctx);
  await probeEmptyCreate(ctx);
  await probeFileSize(ctx, second);
  await probeRateLimit(ctx, key); // last: it may exhaust the target's budget
}
