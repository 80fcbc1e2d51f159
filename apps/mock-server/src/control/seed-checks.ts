/**
 * Checks of a seed that its schema cannot make, shared by `POST /__mock/seed` and
 * `app.mock.seed()`: a seed is stored whole or not at all, and never overwrites a video.
 */
import { type Guards, guardRecord } from '../api/bounds.js';
import { type FieldProblem, HttpError, validationFailed } from '../http/errors.js';
import type { SeedVideo } from './schemas.js';
import { SEED_PHASE_RULE, SEEDABLE_PHASES } from './schemas.js';

const quoted = (keys: Iterable<string>) => [...keys].map((key) => JSON.stringify(key)).join(', ');

function invalid(detail: string, errors: FieldProblem[]): HttpError {
  return validationFailed(400, detail, errors);
}

/**
 * Custom field names a JavaScript object cannot hold as a plain field (`__proto__`, which JSON
 * allows): refused, as `PUT …/custom-fields` refuses them, rather than silently dropped.
 * `videos` may be the raw parsed body (the schema's output has lost such members already).
 */
export function protoFieldProblem(videos: readonly unknown[]): HttpError | undefined {
  const errors: FieldProblem[] = [];
  videos.forEach((video, index) => {
    const fields = (video as { simpleCustomFields?: unknown } | null)?.simpleCustomFields;
    if (typeof fields === 'object' && fields !== null && Object.hasOwn(fields, '__proto__')) {
      errors.push({
        pointer: `/videos/${index}/simpleCustomFields/__proto__`,
        message: 'the custom field name "__proto__" is not accepted by this mock; choose another field name',
      });
    }
  });
  if (errors.length === 0) return undefined;
  return invalid(
    'The custom field name "__proto__" is not accepted by this mock. Nothing was seeded.',
    errors,
  );
}

function phaseProblem(videos: readonly SeedVideo[]): HttpError | undefined {
  const errors: FieldProblem[] = [];
  const phases = new Set<string>();
  videos.forEach((video, index) => {
    if (video.phase !== undefined && !(SEEDABLE_PHASES as readonly string[]).includes(video.phase)) {
      phases.add(video.phase);
      errors.push({
        pointer: `/videos/${index}/phase`,
        message: `must be ${SEED_PHASE_RULE}, got ${JSON.stringify(video.phase)}`,
      });
    }
  });
  if (errors.length === 0) return undefined;
  return invalid(
    `A video seeded in phase ${quoted(phases)} would never leave it: the lifecycle moves a video through uploading, uploaded and processing only after an upload. Accepted phases: ${SEEDABLE_PHASES.join(', ')}. Nothing was seeded.`,
    errors,
  );
}

/** Keys given to more than one video of the seed. */
function duplicateProblem(videos: readonly SeedVideo[]): HttpError | undefined {
  const first = new Map<string, number>();
  const errors: FieldProblem[] = [];
  const duplicated = new Set<string>();
  videos.forEach((video, index) => {
    if (video.key === undefined) return;
    const earlier = first.get(video.key);
    if (earlier === undefined) {
      first.set(video.key, index);
      return;
    }
    duplicated.add(video.key);
    errors.push({
      pointer: `/videos/${index}/key`,
      message: `${JSON.stringify(video.key)} is already the key of /videos/${earlier}; each video needs its own key`,
    });
  });
  if (errors.length === 0) return undefined;
  return invalid(
    `The seed gives the key(s) ${quoted(duplicated)} to more than one video; each video needs its own key (or none, for a generated one). Nothing was seeded.`,
    errors,
  );
}

/** Keys of stored videos: a seed never overwrites one. */
function conflictProblem(
  videos: readonly SeedVideo[],
  exists: (key: string) => boolean,
): HttpError | undefined {
  const errors: FieldProblem[] = [];
  const taken: string[] = [];
  videos.forEach((video, index) => {
    if (video.key === undefined || !exists(video.key)) return;
    taken.push(video.key);
    errors.push({
      pointer: `/videos/${index}/key`,
      message: `a video with the key ${JSON.stringify(video.key)} exists already`,
    });
  });
  if (errors.length === 0) return undefined;
  return new HttpError(409, {
    code: 'key-conflict',
    title: 'Key already in use',
    detail: `Videos with the key(s) ${quoted(taken)} exist already; a seed never overwrites a video. Seed other keys, omit key for a generated one, or reset first (POST /__mock/reset, app.mock.reset()). Nothing was seeded.`,
    issues: errors,
  });
}

/** A seeded video beyond the mock's guards (README "Guards"): 400 for too many fields, 413 for too large. */
function guardProblem(videos: readonly SeedVideo[], guards: Guards): HttpError | undefined {
  for (const [index, video] of videos.entries()) {
    try {
      const record = { ...video, customFields: video.simpleCustomFields ?? {} };
      guardRecord(undefined, `The seeded video /videos/${index}`, record, guards, `/videos/${index}`);
    } catch (error) {
      if (error instanceof HttpError) return error;
      throw error;
    }
  }
  return undefined;
}

/**
 * The first problem of a seed, as the error to answer or throw: 400 for a phase that would never
 * progress, a `__proto__` field, a key given twice or more custom fields than `guards` allow; 413
 * for a video larger than they allow; 409 for a key a stored video has.
 *
 * @example
 * const problem = seedProblem(videos, (key) => store.get(key) !== undefined);
 * if (problem) throw problem;
 */
export function seedProblem(
  videos: readonly SeedVideo[],
  exists: (key: string) => boolean,
  guards?: Guards,
): HttpError | undefined {
  return (
    phaseProblem(videos) ??
    protoFieldProblem(videos) ??
    duplicateProblem(videos) ??
    (guards && guardProblem(videos, guards)) ??
    conflictProblem(videos, exists)
  );
}
