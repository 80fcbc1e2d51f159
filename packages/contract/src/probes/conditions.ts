/**
 * Probes of the conditions of errors (§7: "the conditions that cause them: not shown"): with which
 * status a server answers a key no video has, a missing or wrong token, a body of the wrong media
 * type. The reading is the one whose refusals in the spec (its meaning) are the answers seen.
 */
import { meaningOf, type ReadingOf, readingsOf } from '@video-api/schema';
import type { Context } from '../context/context.js';
import { refuse5xx } from '../support/evidence.js';
import { type Exchange, NO_EXCHANGE } from '../support/http.js';
import { type OperationAnswer, pathOf } from '../support/operations.js';

/** The unknowns of §7 whose readings say with which status each operation refuses a condition. */
export type ConditionId = 'unknown-video-key' | 'token-refusal' | 'media-type-refusal';

/** One answer to the condition: the operation id that answered, and its exchange. */
export type ConditionAnswer = OperationAnswer;

interface Refusals {
  readonly refuses: ReadonlyArray<{ readonly status: number; readonly on: readonly string[] }>;
}

/**
 * The reading of `id` under which every answer's status is one its operation refuses with, per
 * the spec's meaning; `other` when no reading accounts for them all.
 *
 * @example
 * conditionReading('unknown-video-key', [['getVideo', exchange]]); // 'not-found-404' for a 404
 */
export function conditionReading<Id extends ConditionId>(
  id: Id,
  answers: readonly ConditionAnswer[],
): ReadingOf<Id> | 'other' {
  const found = readingsOf(id).find((reading) => {
    const { refuses } = meaningOf(id, reading as never) as Refusals;
    return answers.every(([operation, { status }]) =>
      refuses.some((refusal) => refusal.status === status && refusal.on.includes(operation)),
    );
  });
  return found ?? 'other';
}

/** Observes `id` from the answers its condition got (not observed when one of them was not sent). */
export async function observeCondition(ctx: Context, id: ConditionId, answers: readonly ConditionAnswer[]) {
  return ctx.observe(id, async () => {
    refuse5xx(...answers.map(([, exchange]) => exchange));
    const evidence = answers.map(([operation, { status }]) => `${operation} ${status}`).join(', ');
    if (answers.length === 0 || answers.some(([, { status }]) => status === 0)) {
      return { notObserved: `not every request of the condition was answered (${evidence})` };
    }
    return { reading: conditionReading(id, answers) as never, evidence };
  });
}

/**
 * §7: the status of a body of the wrong media type, observed from the upload with a JSON body
 * (`upload`, from checkUploadRefusals) and a create and an update with a text body.
 */
export async function probeMediaType(ctx: Context, key: string, upload: Exchange): Promise<void> {
  const text = { 'content-type': 'text/plain' };
  const create =
    (await ctx.step(() =>
      ctx.api.send({
        method: 'POST',
        path: pathOf('createVideos'),
        body: 'projectKey=contract',
        headers: text,
      }),
    )) ?? NO_EXCHANGE;
  const update =
    (await ctx.step(() =>
      ctx.api.send({
        method: 'PUT',
        path: pathOf('updateCustomFields', { videoKey: key }),
        body: 'simpleCustomFields',
        headers: text,
      }),
    )) ?? NO_EXCHANGE;
  await observeCondition(ctx, 'media-type-refusal', [
    ['uploadVideoSource', upload],
    ['createVideos', create],
    ['updateCustomFields', update],
  ]);
}
