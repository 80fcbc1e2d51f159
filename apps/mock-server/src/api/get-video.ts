/** §4.3 Get a video: GET /api/v1/videos/{videoKey}. */
import type { Context } from 'hono';
import { checkOwner, checkReadingAuth } from '../http/auth.js';
import { type MockCore, representText } from '../core.js';
import { notFound } from '../http/errors.js';
import { requestHeader } from '../http/request-headers.js';
import { jsonText } from '../http/respond.js';
import type { MockEnv, VideoRecord } from '../types.js';

/** Looks a video up after the virtual clock settled, or answers 404 naming the key. */
export function findVideo(core: MockCore, key: string): VideoRecord {
  core.lifecycle.settle();
  const record = core.store.get(key);
  if (!record) throw notFound(`No video has the key "${key}".`);
  return record;
}

/**
 * Handles get: auth per the `auth-get-video` reading (§5), then the record in the shape of §4.3
 * under the readiness and record-fields readings.
 */
export function getVideoHandler(core: MockCore) {
  return (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    const auth = readings.get('auth-get-video');
    const token = checkReadingAuth(auth, requestHeader(c, 'authorization'), core.options.tokens);
    const record = findVideo(core, c.req.param('videoKey') ?? '');
    checkOwner(auth, record, token);
    return jsonText(representText(core, record, readings, c.get('origin')), 200, readings);
  };
}
