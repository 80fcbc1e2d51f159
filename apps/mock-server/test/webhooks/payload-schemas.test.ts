/** Each `webhook-payload` reading's body matches the schema the spec gives that reading, and no other. */
import { readingsOf } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import { describe, expect, it } from 'vitest';
import { buildPayload } from '../../src/webhooks/payload.js';
import { videoEvent } from './fixtures.js';

describe('webhook payloads and the spec', () => {
  const schemas = readingSchemas['webhook-payload'];
  it.each(readingsOf('webhook-payload'))('%s: only its own schema accepts the payload', (reading) => {
    const payload = buildPayload(
      reading,
      'evt_1',
      'video.ready',
      videoEvent('v-0001', 'ready', 'processing'),
    );
    const accepted = readingsOf('webhook-payload').filter((r) => schemas[r].safeParse(payload).success);
    expect(accepted).toEqual([reading]);
  });
});
