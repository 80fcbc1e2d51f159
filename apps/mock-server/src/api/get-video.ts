/** §4.3 Get a video: GET /api/v1/videos/{videoKey}. */
import type { Context } from 'hono';
import { checkOwner, checkReadingAuth } from '../http/auth.js';
import type { MockEnv } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requestHeader } from '../http/request-headers.js';
import { jsonText } from '../http/respond.js';
import type { VideoRecord } from '../state/types.js';
import type { ApiDeps } from './deps.js';

/** Looks a video up after the virtual clock settled, or answers 404 naming the key. */
export function findVideo(
  { store, lifecycle }: Pick<ApiDeps, 'store' | 'lifecycle'>,
  key: string,
): VideoRecord {
  lifecycle.settle();
  const record = store.get(key);
  if (!record) throw notFound(key);
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
    const record = findVideo(deps, c.req.param('videoKey') ?? '');
    checkOwner(auth, record, token);
    return jsonText(deps.represent.text(record, readings, c.get('origin')), 200, readings);
  };
}
