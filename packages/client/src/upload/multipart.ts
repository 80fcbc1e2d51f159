/**
 * The multipart/form-data body of an upload (§4.2: one part, field `file`), built as head + file
 * bytes + tail so its exact length is known before sending and the file is never held in memory.
 *
 * @example
 * const body = multipartBody(prepared);
 * body.length === body.head.byteLength + prepared.size + body.tail.byteLength; // true
 */
import type { PreparedSource } from './source.js';

export interface MultipartBody {
  boundary: string;
  contentType: string;
  head: Uint8Array;
  tail: Uint8Array;
  /** Exact byte length of the whole body (the Content-Length). */
  length: number;
  source: PreparedSource;
}

/** A boundary that cannot be predicted: 24 random bytes in hex. */
function randomBoundary(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `----video-api-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Escapes a file name as HTML forms do (WHATWG): `"` → %22, CR → %0D, LF → %0A. */
export function escapeFilename(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Builds the body around `source`; the file part is named `file` (§4.2). */
export function multipartBody(source: PreparedSource, boundary: string = randomBoundary()): MultipartBody {
  const encoder = new TextEncoder();
  const type = source.type.replace(/[\r\n]/g, '');
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escapeFilename(source.name)}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  return {
    boundary,
    contentType: `multipart/form-data; boundary=${boundary}`,
    head,
    tail,
    length: head.byteLength + source.size + tail.byteLength,
    source,
  };
}

/** The body's bytes in order: head, the file's chunks, tail. */
export async function* multipartChunks(body: MultipartBody): AsyncIterable<Uint8Array> {
  yield body.head;
  yield* body.source.chunks();
  yield body.tail;
}
