/** Where the console's player loads hls.js from, relative to the page: the script asks, console-assets.ts answers. */
export const PLAYER_SCRIPT_PATH = 'console/hls.js';
