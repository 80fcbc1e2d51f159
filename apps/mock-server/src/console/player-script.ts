/**
 * The part of the console's client script that plays a ready video in the Videos panel: the mock's
 * HLS playlist (`hls/{key}/playlist.m3u8`) in hls.js, which the mock serves itself where it has it
 * (`console/hls.js`), else in the browser's own HLS player (Safari, recent Chromium). The player
 * used is named on the element (`data-player`). Runs inside console-script.ts's function.
 */
/** Where the page loads hls.js from, relative to the page (console-assets.ts routes it). */
export const PLAYER_SCRIPT_PATH = 'console/hls.js';

export const PLAYER_SCRIPT = `  let hlsLoading;
  let hls;
  function loadHls() {
    hlsLoading = hlsLoading || new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '${PLAYER_SCRIPT_PATH}';
      script.onload = () => resolve(window.Hls);
      script.onerror = () => reject(new Error('the mock serves no hls.js (install hls.js beside it)'));
      document.head.append(script);
    });
    return hlsLoading;
  }
  async function play(key) {
    const video = document.getElementById('player');
    const url = 'hls/' + encodeURIComponent(key) + '/playlist.m3u8';
    if (hls) hls.destroy();
    hls = undefined;
    try {
      const Hls = await loadHls();
      if (!Hls.isSupported()) throw new Error('hls.js is not supported in this browser');
      hls = new Hls();
      hls.loadSource(url);
      hls.attachMedia(video);
      video.dataset.player = 'hls.js';
    } catch (error) {
      if (!video.canPlayType('application/vnd.apple.mpegurl')) {
        say('No HLS player: ' + error.message + ', and this browser has none of its own.', true);
        return;
      }
      video.src = url;
      video.dataset.player = 'native';
    }
    document.getElementById('player-box').hidden = false;
    document.getElementById('player-title').textContent = 'Playing ' + key + ' (' + video.dataset.player + ')';
    video.muted = true;
    video.play().catch((error) => say('The player: ' + error.message, true));
  }
`;
