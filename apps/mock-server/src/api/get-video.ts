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
export async function findVideo(
  { store, lifecycle }: Pick<ApiDeps, 'store' | 'lifecycle'>,
  key: string,
  readings: RequestReadings,
): Promise<VideoRecord> {
  if (lifecycle.scheduled) await lifecycle.settle();
  const record = await store.get(key);
  if (!record) throw unknownKey(key, readings);
  return record;
}

/**
 * Handles get: auth per the `auth-get-video` reading (§5), then the record in the shape of §4.3
 * under the readiness and record-fields readings.
 */
export function getVideo(deps: Pick<ApiDeps, 'tokens' | 'store' | 'lifecycle' | 'represent'>) {
  return async (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    const auth = readings.get('auth-get-video');
    const token = checkReadingAuth(auth, requestHeader(c, 'authorization'), deps.tokens);
    const record = await findVideo(deps, c.req.param('videoKey') ?? '', readings);
    checkOwner(auth, record, token);
    const { status } = meaningOf('status-codes', readings.get('status-codes')); // §4.5, as the spec's data says
    return jsonText(deps.represent.text(record, readings, c.get('origin')), status.getVideo, readings);
  };
}
