/**
 * The picture of the placeholder: 75% colour bars over a black band that holds a progress bar,
 * filled to the frame's place in the video, so a viewer sees it play. BT.601 studio-range YCbCr.
 */
import { macroblocks, type Picture, type StreamFormat } from './h264.js';

type Colour = readonly [y: number, cb: number, cr: number];

/** White, yellow, cyan, green, magenta, red, blue at 75%. */
const BARS: readonly Colour[] = [
  [180, 128, 128],
  [162, 44, 142],
  [131, 156, 44],
  [112, 72, 58],
  [84, 184, 198],
  [65, 100, 212],
  [35, 212, 114],
];
const BLACK: Colour = [16, 128, 128];
const TRACK: Colour = [48, 128, 128];
const FILLED: Colour = [235, 128, 128];

/** The colour at (x, y) of frame `frame` of `frames`. */
function colourAt(format: StreamFormat, x: number, y: number, frame: number, frames: number): Colour {
  const { width, height } = format;
  if (x >= width || y >= height) return BLACK;
  const band = Math.floor((height * 3) / 4);
  if (y < band) return BARS[Math.floor((x * BARS.length) / width)] as Colour;
  const depth = height - band;
  const top = band + Math.floor(depth / 3);
  const bottom = band + Math.ceil((depth * 2) / 3);
  if (y < top || y >= bottom) return BLACK;
  return x < Math.round((width * (frame + 1)) / frames) ? FILLED : TRACK;
}

/**
 * Frame `frame` (from 0) of a video of `frames` frames, in the coded size of `format`.
 *
 * @example
 * const picture = testPattern({ width: 128, height: 72, fps: 10 }, 0, 100);
 */
export function testPattern(format: StreamFormat, frame: number, frames: number): Picture {
  const { across, down } = macroblocks(format);
  const width = across * 16;
  const height = down * 16;
  const y = new Uint8Array(width * height);
  const cb = new Uint8Array((width / 2) * (height / 2));
  const cr = new Uint8Array(cb.length);
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const colour = colourAt(format, column, row, frame, frames);
      y[row * width + column] = colour[0];
      if (row % 2 === 0 && column % 2 === 0) {
        const at = (row / 2) * (width / 2) + column / 2;
        cb[at] = colour[1];
        cr[at] = colour[2];
      }
    }
  }
  return { y, cb, cr };
}
