/** Events for the webhook tests: state changes as the app emits them, one second apart. */
import type { VideoEvent } from '../../src/webhooks/types.js';

let clock = Date.parse('2026-01-01T00:00:00.000Z');

/** A state change as the app emits it. */
export function videoEvent(videoKey: string, state: string, previousState: string | null): VideoEvent {
  clock += 1000;
  return {
    videoKey,
    state,
    previousState,
    occurredAt: new Date(clock).toISOString(),
    video: { videoKey, simpleCustomFields: { note: 'hello' }, status: state },
  };
}

/** The basic lifecycle of one video (video-states=basic): created → processing → ready. */
export function lifecycle(videoKey: string): VideoEvent[] {
  return [
    videoEvent(videoKey, 'created', null),
    videoEvent(videoKey, 'processing', 'created'),
    videoEvent(videoKey, 'ready', 'processing'),
  ];
}
