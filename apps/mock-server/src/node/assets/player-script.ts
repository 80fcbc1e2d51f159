/**
 * hls.js for the console's Videos panel (its light build, `dist/hls.light.min.js`), read from the
 * hls.js package where it is installed (an optional peer of the mock);
 * where it is not, none, and the page plays with the browser's own HLS player where it has one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The path of the light build inside the hls.js package. */
const LIGHT_BUILD = 'hls.js/dist/hls.light.min.js';

/**
 * Reads the light build once, on the first request for it; `locate` finds the file (the installed
 * package by default), undefined where it is not installed.
 *
 * @example
 * playerScript()()?.length; // bytes of hls.light.min.js, or undefined without hls.js
 */
export function playerScript(
  locate: () => string | undefined = () => {
    try {
      return createRequire(import.meta.url).resolve(LIGHT_BUILD);
    } catch {
      return undefined;
    }
  },
): () => Uint8Array | undefined {
  let bytes: Uint8Array | undefined | null = null;
  return () => {
    if (bytes === null) {
      const file = locate();
      bytes = file === undefined ? undefined : new Uint8Array(readFileSync(file));
    }
    return bytes;
  };
}
