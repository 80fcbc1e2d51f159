/** The runner: checks what the document states and probes what it leaves open, in one pass. */
import { idsWithReadings } from '@video-api/schema/unspecified';
import { checkClient } from './checks/client.js';
import { checkCreate } from './checks/create.js';
import { checkCustomFields } from './checks/custom-fields.js';
import { checkProperties } from './checks/properties.js';
import { checkInterleaved } from './checks/sequences.js';
import {
  checkBearerRequired,
  checkBecomesReady,
  checkGet,
  checkUnknownKeys,
  checkUpload,
} from './checks/video.js';
import { Context } from './context.js';
import { probeAuth } from './probes/auth.js';
import { probeDefinition, probeNull, probeOmitted } from './probes/custom-fields.js';
import {
  probeFieldLength,
  probeFileSize,
  probeRateLimit,
  probeTransitions,
  probeVideosPerCreate,
} from './probes/limits.js';
import { probeReadiness, probeRecordFields, probeStates } from './probes/readiness.js';
import { probeErrors, probeStatusCodes, probeUploadBody } from './probes/responses.js';
import { probeWebhooks } from './probes/webhooks.js';
import type { ContractReport, RunOptions, Target } from './types.js';

const DEFAULTS = {
  propertyRuns: 25,
  readyTimeoutMs: 60_000,
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
  const ctx = new Context(target, { ...DEFAULTS, ...options });
  const startedAt = new Date();
  const created = await checkCreate(ctx);
  if (created) await lifecycle(ctx, created.keys as [string, string], created);

  for (const id of idsWithReadings) {
    if (!ctx.reading(id)) {
      await ctx.observe(id, async () => ({
        reading: 'other',
        evidence: 'not probed: an earlier step failed',
      }));
    }
  }
  const passed = ctx.checks.filter((c) => c.verdict === 'pass').length;
  return {
    target: { baseUrl: target.baseUrl, uploadBaseUrl: target.uploadBaseUrl },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    checks: ctx.checks,
    observations: ctx.observations,
    summary: { passed, failed: ctx.checks.length - passed, observed: ctx.observations.length },
  };
}

async function lifecycle(
  ctx: Context,
  [key, second]: [string, string],
  created: NonNullable<Awaited<ReturnType<typeof checkCreate>>>,
): Promise<void> {
  const playback = (created.exchange.json as Array<{ primaryPlaybackUrl: { hls: { url: string } } }>)[0]
    ?.primaryPlaybackUrl.hls.url;
  const before = await ctx.getVideo(key);
  await probeReadiness(ctx, before, playback);
  await checkGet(ctx, key, before);
  await probeRecordFields(ctx, before);

  const upload = await checkUpload(ctx, key);
  await probeStatusCodes(ctx, created.exchange, upload);
  await probeUploadBody(ctx, upload);
  const polls = await checkBecomesReady(ctx, key);
  await probeStates(ctx, [before, upload, ...polls]);

  await probeDefinition(ctx, key);
  await checkCustomFields(ctx, key);
  await probeOmitted(ctx, key);
  await probeNull(ctx, key);
  await checkClient(ctx);

  await checkBearerRequired(ctx, second);
  await probeAuth(ctx, key);
  await checkUnknownKeys(ctx);
  await probeErrors(ctx);
  await probeTransitions(ctx, key);

  await checkProperties(ctx, second);
  await checkInterleaved(ctx);
  await probeWebhooks(ctx);

  await probeFieldLength(ctx);
  await probeVideosPerCreate(ctx);
  await probeFileSize(ctx, second);
  await probeRateLimit(ctx, key); // last: it may exhaust the target's budget
}
