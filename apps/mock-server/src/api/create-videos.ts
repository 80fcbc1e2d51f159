/** §4.1 Create videos: POST /api/v1/videos. */

import type { CreateVideosRequest } from '@video-api/schema';
import { meaningOf, type ReadingOf } from '@video-api/schema';
import { zCreateVideosRequest } from '@video-api/schema/zod';
import type { Context } from 'hono';
import type * as z from 'zod';
import { requireToken } from '../http/auth.js';
import { unknownProject } from '../http/conditions.js';
import type { MockEnv } from '../http/context.js';
import { problemsFromZod, validationError } from '../http/errors.js';
import { readJson } from '../http/json-body.js';
import { requestHeader } from '../http/request-headers.js';
import { json } from '../http/respond.js';
import { limitsFieldLength, limitsVideosPerCreate, rejectsEmptyCreate } from '../readings/switches.js';
import { firstMovedLast } from '../shared/first-moved-last.js';
import { newRecord } from '../state/record.js';
import { createdVideo } from '../state/video-shapes.js';
import { guardRecord, longVideoTexts } from './bounds.js';
import type { ApiDeps } from './deps.js';

/**
 * Handles create: Bearer required (§5.1), body validated with the generated schema, one record
 * per entry, answered with the creation shape (§4.1) in the order of the `create-answer-order`
 * reading; an empty `videos` as the `create-empty-videos` reading says.
 */
export function createVideos(
  deps: Pick<
    ApiDeps,
    'tokens' | 'projects' | 'store' | 'clock' | 'lifecycle' | 'origins' | 'limits' | 'eventContext'
  >,
) {
  const { store, clock, lifecycle, limits } = deps;
  return async (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    const token = requireToken(requestHeader(c, 'authorization'), deps.tokens, readings);
    const input = await readJson(c, readings);
    const parsed = zCreateVideosRequest.safeParse(input);
    // §1 says "one or more" (the schema's minItems 1); what a server does with none is not shown
    // (`create-empty-videos`): a body whose one problem is an empty list is that reading's.
    const empty = !parsed.success && parsed.error.issues.every(isEmptyVideos);
    if (empty && rejectsEmptyCreate[readings.get('create-empty-videos')]) {
      throw validationError(readings, 'The videos list is empty; create one or more videos (§1).', [
        { pointer: '/videos', message: 'at least one item is required' },
      ]);
    }
    if (!parsed.success && !empty) {
      throw validationError(
        readings,
        'The create body does not match CreateVideosRequest (§4.1).',
        problemsFromZod(parsed.error),
      );
    }
    const body = parsed.success ? parsed.data : { ...(input as CreateVideosRequest), videos: [] };
    const refusedProject = unknownProject(body.projectKey, deps.projects, readings);
    if (refusedProject) throw refusedProject;
    // §8: the number of videos per create request is not shown.
    if (
      limitsVideosPerCreate[readings.get('videos-per-create-limit')] &&
      body.videos.length > limits.maxVideosPerCreate
    ) {
      throw validationError(
        readings,
        `${body.videos.length} videos in one request; at most ${limits.maxVideosPerCreate} are accepted.`,
        [{ pointer: '/videos', message: `at most ${limits.maxVideosPerCreate} items are accepted` }],
      );
    }
    // §8: field length limits are not shown.
    if (limitsFieldLength[readings.get('field-length-limits')]) {
      const problems = longVideoTexts(body.videos, limits.maxFieldLength);
      if (problems.length > 0)
        throw validationError(readings, 'Some texts are longer than accepted.', problems);
    }
    // The mock's guard beyond the readings (README "Guards"): no record larger than maxRecordBytes.
    for (const [i, video] of body.videos.entries()) {
      const where = `The video at /videos/${i}`;
      guardRecord(readings, where, { ...video, customFields: {} }, limits, `/videos/${i}`);
    }
    const now = clock.now();
    const keys = await store.nextKeys(body.videos.length);
    const records = body.videos.map((video, i) =>
      newRecord(keys[i] as string, { ...video, projectKey: body.projectKey, owner: token }, now),
    );
    await store.putMany(records);
    const context = deps.eventContext(c);
    for (const record of records) lifecycle.created(record, context);
    const base = deps.origins.base(c.get('origin'));
    const { status } = meaningOf('status-codes', readings.get('status-codes')); // §4.5, as the spec's data says
    const answer = inAnswerOrder(
      records.map((record) => createdVideo(record, base)),
      readings.get('create-answer-order'),
    );
    return json(answer, status.createVideos, readings);
  };
}

/** Whether a problem of the create body is only that `videos` is empty (§1 "one or more"). */
const isEmptyVideos = (issue: z.core.$ZodIssue): boolean =>
  issue.code === 'too_small' && issue.path.length === 1 && issue.path[0] === 'videos';

/**
 * The created videos in the order of the `create-answer-order` reading (§4.1 shows one element per
 * requested video, not their order): as requested, reversed, or the first requested moved last (an
 * order of the server's own that is neither of the others for three videos or more).
 */
function inAnswerOrder<T>(elements: T[], reading: ReadingOf<'create-answer-order'>): T[] {
  return ANSWER_ORDERS[reading](elements);
}

const ANSWER_ORDERS: Readonly<Record<ReadingOf<'create-answer-order'>, <T>(elements: T[]) => T[]>> = {
  'request-order': (elements) => elements,
  'reverse-order': (elements) => [...elements].reverse(),
  'any-order': firstMovedLast,
};
