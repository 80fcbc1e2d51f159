/** Waiting on the mock's own events instead of sleeping. */
import type { MockApp, VideoEvent } from '@video-api/mock-server/node';

/**
 * Resolves with the first event of `app` that `match` accepts (listen before you act).
 *
 * @example
 * const abandoned = nextEvent(app, (e) => e.videoKey === key && e.previousState === 'uploading');
 * socket.destroy();
 * await abandoned;
 */
export function nextEvent(app: MockApp, match: (event: VideoEvent) => boolean): Promise<VideoEvent> {
  return new Promise((resolve) => {
    const stop = app.mock.onEvent((event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}
