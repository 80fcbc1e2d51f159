/**
 * The conditions of errors (§7) are observed by the statuses the spec's meaning gives each reading:
 * a reading only when every answer is one its operation refuses with, `other` otherwise.
 */
import type { OperationId } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { type ConditionAnswer, type ConditionId, conditionReading } from '../src/probes/conditions.js';
import { NO_EXCHANGE } from '../src/support/http.js';

const answer = (operation: OperationId, status: number): ConditionAnswer => [
  operation,
  { ...NO_EXCHANGE, status },
];

const rows: Array<[ConditionId, ConditionAnswer[], string]> = [
  ['unknown-video-key', [answer('getVideo', 404), answer('uploadVideoSource', 404)], 'not-found-404'],
  ['unknown-video-key', [answer('getVideo', 403), answer('updateCustomFields', 403)], 'forbidden-403'],
  ['unknown-video-key', [answer('getVideo', 400)], 'bad-request-400'],
  ['unknown-video-key', [answer('getVideo', 404), answer('uploadVideoSource', 403)], 'other'],
  ['unknown-video-key', [answer('getVideo', 410)], 'other'],
  ['token-refusal', [answer('createVideos', 401), answer('uploadVideoSource', 401)], 'unauthorized-401'],
  ['token-refusal', [answer('createVideos', 403), answer('uploadVideoSource', 403)], 'forbidden-403'],
  ['token-refusal', [answer('createVideos', 401), answer('uploadVideoSource', 403)], 'other'],
  // The readings refuse tokens on create and upload only: a 401 of another operation is none of them.
  ['token-refusal', [answer('getVideo', 401)], 'other'],
  ['media-type-refusal', [answer('createVideos', 415), answer('uploadVideoSource', 415)], 'unsupported-415'],
  ['media-type-refusal', [answer('updateCustomFields', 400)], 'bad-request-400'],
  ['media-type-refusal', [answer('createVideos', 422)], 'other'],
];

describe('conditionReading', () => {
  it.each(rows)('%s with %j is %s', (id, answers, reading) => {
    expect(conditionReading(id, answers)).toBe(reading);
  });
});
