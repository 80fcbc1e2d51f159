/** An event job of the tests' own (video.ready of `v-<n>`, unsigned POST), the n-th of a run: its id `evt_<prefix><n>`. */
import type { EventJob } from '../../src/webhooks/types.js';

/**
 * @example
 * await jobs.enqueue([eventJob(1)], [1], clock.now());
 */
export const eventJob = (n: number, prefix = ''): EventJob => ({
  eventId: `evt_${prefix}${n}`,
  event: 'video.ready',
  videoKey: `v-${n}`,
  body: JSON.stringify({ n }),
  signing: 'unsigned',
  method: 'POST',
  security: 'none',
  readings: '',
});
