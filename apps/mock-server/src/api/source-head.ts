/** The first bytes of an uploaded file, which tell a video container (`upload-source-files`). */

/** How many first bytes of a file the receivers keep. */
export const HEAD_BYTES = 16;

/**
 * `head` with the start of `chunk` added, up to HEAD_BYTES in all.
 *
 * @example
 * headOf(new Uint8Array(0), new TextEncoder().encode('....ftypisom and more')).length; // 16
 */
export function headOf(head: Uint8Array, chunk: Uint8Array): Uint8Array {
  const joined = new Uint8Array(Math.min(HEAD_BYTES, head.length + chunk.length));
  joined.set(head.subarray(0, joined.length));
  joined.set(chunk.subarray(0, joined.length - head.length), head.length);
  return joined;
}
