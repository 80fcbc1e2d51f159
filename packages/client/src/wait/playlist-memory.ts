/**
 * The HLS playlist addresses that create returned (§4.1, §2), per video key, kept by one client so
 * that its `waitForReady` can probe them where the record shows none (`readiness-field` =
 * playback-only with `video-record-fields` = listed-only). Bounded: the oldest key goes first.
 */
import type { CreatedVideo } from '@video-api/schema';
import { playlistUrl } from './readiness.js';

/** How many keys one client remembers (an address is about 100 bytes). */
const REMEMBERED_PLAYLISTS = 1000;

export interface PlaylistMemory {
  remember(created: readonly CreatedVideo[]): void;
  get(videoKey: string): string | undefined;
}

export function playlistMemory(limit = REMEMBERED_PLAYLISTS): PlaylistMemory {
  const urls = new Map<string, string>();
  return {
    remember(created) {
      for (const video of created) {
        const url = playlistUrl(video);
        if (url === undefined || typeof video.key !== 'string') continue;
        urls.delete(video.key); // re-inserted as the newest
        urls.set(video.key, url);
        if (urls.size > limit) urls.delete(urls.keys().next().value as string);
      }
    },
    get: (videoKey) => urls.get(videoKey),
  };
}
