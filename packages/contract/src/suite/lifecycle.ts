/** The order of a run: each check and probe after create, down to the rate-limit probe (last). */
import { checkClient } from '../checks/client.js';
import type { CreateOutcome } from '../checks/create.js';
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
import type { Context } from '../context/context.js';
import { probeAuth } from '../probes/auth.js';
import { observeCondition, probeMediaType } from '../probes/conditions.js';
import { probeDefinition, probeNull, probeOmitted } from '../probes/custom-fields.js';
import { probeEmptyCreate } from '../probes/empty-create.js';
import {
  probeDateTimeReadBack,
  probeFormParts,
  probeProjectKey,
  probeSourceFiles,
} from '../probes/inputs.js';
import { probeFieldLength, probeFileSize, probeRateLimit, probeVideosPerCreate } from '../probes/limits.js';
import { probeFieldTypes, probeListOrder } from '../probes/read-values.js';
import { probeFieldFormats, probeRecordFields, probeStates } from '../probes/readiness.js';
import { probeReadiness } from '../probes/readiness-field.js';
import { probeRegistration } from '../probes/registration.js';
import { probeErrors, probeStatusCodes, probeUploadBody } from '../probes/responses.js';
import { probeTransitions } from '../probes/transitions.js';
import { probeWebhooks } from '../probes/webhooks.js';
import { NO_EXCHANGE } from '../support/http.js';

/** Runs every check and probe after create, in order; later ones read the answers of earlier ones. */
export async function lifecycle(ctx: Context, created: CreateOutcome | undefined): Promise<void> {
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
  const { polls, ready } = await checkBecomesReady(ctx, key, upload);
  await checkPlayback(ctx, key, playback, ready);
  await probeStates(ctx, [before, upload, ...polls]);
  const notAForm = await checkUploadRefusals(ctx, second);

  await probeDefinition(ctx, key);
  await checkCustomFields(ctx, key);
  await probeListOrder(ctx, key);
  await probeFieldTypes(ctx, before, key);
  await probeOmitted(ctx, key);
  await probeNull(ctx, key);
  await probeDateTimeReadBack(ctx, key);
  await checkClient(ctx);

  await observeCondition(ctx, 'token-refusal', await checkBearerRequired(ctx, second));
  await probeAuth(ctx, key);
  await observeCondition(ctx, 'unknown-video-key', await checkUnknownKeys(ctx));
  await probeErrors(ctx);
  await probeMediaType(ctx, second, notAForm);
  await probeTransitions(ctx, key);
  await probeSourceFiles(ctx);
  await probeFormParts(ctx);

  await checkProperties(ctx, second);
  await checkInterleaved(ctx);
  await probeRegistration(ctx);
  await probeWebhooks(ctx);

  await probeFieldLength(ctx);
  await probeVideosPerCreate(ctx);
  await probeEmptyCreate(ctx);
  await probeProjectKey(ctx);
  await probeFileSize(ctx, second);
  await probeRateLimit(ctx, key); // last: it may exhaust the target's budget
}
