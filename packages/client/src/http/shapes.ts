/** Light checks that a 2xx body is what the operation returns (§4.1, §4.3), without a schema library. */
import type { CreatedVideo, Video } from '@video-api/schema';
import { UnexpectedResponseError } from '../errors.js';
import type { SentOperationId } from '../operations.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether `value` is a video record as get and update return it: `videoKey` and `simpleCustomFields`.
 *
 * @example
 * isVideo({ videoKey: 'v-1', simpleCustomFields: {} }); // true
 */
export function isVideo(value: unknown): value is Video {
  return isObject(value) && typeof value.videoKey === 'string' && isObject(value.simpleCustomFields);
}

function describe(value: unknown): string {
  if (value === undefined) return 'an empty body';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Returns `data` as a Video or throws UnexpectedResponseError naming what came instead. */
export function expectVideo(data: unknown, operation: SentOperationId, response: Response): Video {
  if (isVideo(data)) return data;
  throw new UnexpectedResponseError(
    `${operation} returned ${response.status} with ${describe(data)}; expected a video with videoKey and simpleCustomFields`,
    { operation, status: response.status, headers: response.headers, body: data },
  );
}

/** Returns `data` as the created videos (one per requested entry, §4.1) or throws. */
export function expectCreated(data: unknown, count: number, response: Response): CreatedVideo[] {
  const ok =
    Array.isArray(data) &&
    data.length === count &&
    data.every((item) => isObject(item) && typeof item.key === 'string' && item.key !== '');
  if (ok) return data as CreatedVideo[];
  throw new UnexpectedResponseError(
    `createVideos returned ${response.status} with ${describe(data)}; expected an array of ${count} videos with keys`,
    { operation: 'createVideos', status: response.status, headers: response.headers, body: data },
  );
}
