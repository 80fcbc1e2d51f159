/**
 * The player of the Videos panel: a ready video's HLS playlist (`hls/{key}/playlist.m3u8`) in
 * hls.js, which the mock serves itself where it has it (`console/hls.js`), else in the browser's
 * own HLS player (Safari, recent Chromium). hls.js marks its requests as the console's own (the
 * journal leaves them out); the browser's own player cannot. The player used is named on the
 * element (`data-player`).
 */
import { CONSOLE_HEADERS } from './admin.js';
import { byId, say, sayError } from './dom.js';
import { PLAYER_SCRIPT_PATH } from './paths.js';

/** What the console uses of hls.js (its global `Hls`). */
interface HlsPlayer {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  destroy(): void;
}
interface HlsClass {
  new (config: { xhrSetup(xhr: XMLHttpRequest): void }): HlsPlayer;
  isSupported(): boolean;
}

let loading: Promise<HlsClass> | undefined;
let hls: HlsPlayer | undefined;

/** Loads hls.js once; rejects where the mock serves none. */
function loadHls(): Promise<HlsClass> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAYER_SCRIPT_PATH;
    script.onload = () => resolve((window as unknown as { Hls: HlsClass }).Hls);
    script.onerror = () => reject(new Error('the mock serves no hls.js (install hls.js beside it)'));
    document.head.append(script);
  });
  return loading;
}

/** hls.js's requests carry the console's mark. */
const markRequest = (xhr: XMLHttpRequest): void => {
  for (const [name, value] of Object.entries(CONSOLE_HEADERS)) xhr.setRequestHeader(name, value);
};

/** Plays video `key` in the panel's player. */
export async function play(key: string): Promise<void> {
  const video = byId<HTMLVideoElement>('player');
  const url = `hls/${encodeURIComponent(key)}/playlist.m3u8`;
  hls?.destroy();
  hls = undefined;
  try {
    const Hls = await loadHls();
    if (!Hls.isSupported()) throw new Error('hls.js is not supported in this browser');
    hls = new Hls({ xhrSetup: markRequest });
    hls.loadSource(url);
    hls.attachMedia(video);
    video.dataset.player = 'hls.js';
  } catch (error) {
    if (!video.canPlayType('application/vnd.apple.mpegurl')) {
      say(`No HLS player: ${(error as Error).message}, and this browser has none of its own.`, true);
      return;
    }
    video.src = url;
    video.dataset.player = 'native';
  }
  byId('player-box').hidden = false;
  byId('player-title').textContent = `Playing ${key} (${video.dataset.player})`;
  video.muted = true;
  video.play().catch((error: unknown) => sayError(new Error(`The player: ${(error as Error).message}`)));
}
