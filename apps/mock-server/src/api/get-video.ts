/** §4.3 Get a video: GET /api/v1/videos/{videoKey}. */

import { meaningOf } from '@video-api/schema';
import type { Context } from 'hono';
import { checkOwner, checkReadingAuth } from '../http/auth.js';
import { unknownKey } from '../http/conditions.js';
import type { MockEnv } from '../http/context.js';
import { requestHeader } from '../http/request-headers.js';
import { jsonText } from '../http/respond.js';
import type { RequestReadings } from '../readings/request-readings.js';
import type { VideoRecord } from '../state/types.js';
import type { ApiDeps } from './deps.js';

/**
 * Looks a video up after the virtual clock settled, or answers as the `unknown-video-key` reading
 * says (404 naming the key by default, §7).
 */
export function findVideo(
  deps: Pick<ApiDeps, 'store' | 'lifecycle'>,
  key: string,
  readings: RequestReadings,
): VideoRecord | Promise<VideoRecord> {
  const { store, lifecycle } = deps;
  // A store that reads synchronously, nothing scheduled: the record at once (no promise per GET).
  if (store.peek && !lifecycle.scheduled) return found(store.peek(key), key, readings);
  return findLater(deps, key, readings);
}

async function findLater(
  { store, lifecycle }: Pick<ApiDeps, 'store' | 'lifecycle'>,
  key: string,
  readings: RequestReadings,
): Promise<VideoRecord> {
  if (lifecycle.scheduled) await lifecycle.settle();
  return found(await store.get(key), key, readings);
}

function found(record: VideoRecord | undefined, key: string, readings: RequestReadings): VideoRecord {
  if (!record) throw unknownKey(key, readings);
  return record;
}

/**
 * Handles get: auth per the `auth-get-video` reading (§5), then the record in the shape of §4.3
 * under the readiness and record-fields readings.
 */
export function getVideo(deps: Pick<ApiDeps, 'tokens' | 'store' | 'lifecycle' | 'represent'>) {
  return (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    const auth = readings.get('auth-get-video');
    const token = checkReadingAuth(auth, requestHeader(c, 'authorization'), deps.tokens);
    const answer = (record: VideoRecord) => {
      checkOwner(auth, record, token);
      const { status } = meaningOf('status-codes', readings.get('status-codes')); // §4.5, as the spec's data says
      return jsonText(deps.represent.text(record, readings, c.get('origin')), status.getVideo, readings);
    };
    const record = findVideo(deps, c.req.param('videoKey') ?? '', readings);
    return record instanceof Promise ? record.then(answer) : answer(record);
  };
}
