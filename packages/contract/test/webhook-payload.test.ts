/** webhook-payload is observed by validating the delivery's body against each reading's schema in the spec. */
import { describe, expect, it } from 'vitest';
import { classifyPayload } from '../src/probes/webhook-readings.js';

describe('classifyPayload', () => {
  const at = '2026-11-22T08:30:00.000Z';
  // [what, body, reading]
  const table: Array<[string, Record<string, unknown>, string]> = [
    [
      'an envelope',
      { id: 'evt_1', type: 'video.ready', createdAt: at, data: { videoKey: 'v', state: 'ready' } },
      'envelope',
    ],
    ['a flat object', { event: 'video.ready', videoKey: 'v', state: 'ready', timestamp: at }, 'flat'],
    [
      'the video record',
      { event: 'video.ready', video: { videoKey: 'v', simpleCustomFields: {} } },
      'video-record',
    ],
    [
      'an envelope whose data has no state',
      { id: 'evt_1', type: 'video.ready', createdAt: at, data: { videoKey: 'v' } },
      'other',
    ],
    ['a flat object without timestamp', { event: 'video.ready', videoKey: 'v', state: 'ready' }, 'other'],
    ['a video without its key', { event: 'video.ready', video: {} }, 'other'],
    ['something else', { kind: 'ready' }, 'other'],
  ];
  it.each(table)('%s is %s', (_what, body, reading) => {
    expect(classifyPayload(body)).toBe(reading);
  });
});
