/**
 * Upload sources (§4.2: the form field `file`): a Blob or File, bytes, or a ReadableStream of known
 * size, read chunk by chunk so memory stays flat whatever the size. `@video-api/client/node` adds
 * file paths through the same `PreparedSource` shape.
 */
import { InputError } from '../errors.js';
import type { SizedStream, UploadSource } from '../types.js';

/** A source ready to be sent: its size, name and type, and its bytes as chunks. */
export interface PreparedSource {
  size: number;
  name: string;
  type: string;
  /** Whether `chunks()` may be called again (needed to retry an upload). */
  repeatable: boolean;
  /** The data as a Blob when it already is one (lets browsers send it without copying). */
  blob?: Blob;
  chunks(): AsyncIterable<Uint8Array>;
}

const CHUNK = 256 * 1024;

/** Reads a web ReadableStream chunk by chunk (browsers lack async iteration of streams). */
export async function* readStream(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function* slices(bytes: Uint8Array): Iterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

function isSizedStream(value: unknown): value is SizedStream {
  return typeof value === 'object' && value !== null && 'stream' in value && 'size' in value;
}

async function* exactly(chunks: AsyncIterable<Uint8Array>, size: number): AsyncIterable<Uint8Array> {
  let seen = 0;
  for await (const chunk of chunks) {
    seen += chunk.byteLength;
    if (seen > size) throw new InputError(`upload source gave more than its declared size of ${size} bytes`);
    yield chunk;
  }
  if (seen !== size) throw new InputError(`upload source ended after ${seen} of its declared ${size} bytes`);
}

function checkSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw new InputError(`upload source size must be a non-negative integer, got ${String(size)}`);
  }
  return size;
}

/**
 * Prepares a source of any runtime.
 *
 * @example
 * const prepared = prepareSource(new File(['...'], 'a.webm', { type: 'video/webm' }));
 * // { size: 3, name: 'a.webm', type: 'video/webm', repeatable: true, ... } Returns undefined for what it does not know (e.g. a path),
 * so a runtime-specific preparer can take over.
 */
export function prepareSource(
  source: UploadSource,
  name?: string,
  type?: string,
): PreparedSource | undefined {
  const octets = 'application/octet-stream';
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const fileName = (source as Partial<File>).name;
    return {
      size: source.size,
      name: name ?? (fileName || 'upload.bin'),
      type: type ?? (source.type || octets),
      repeatable: true,
      blob: source,
      chunks: () => readStream(source.stream()),
    };
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    const bytes =
      source instanceof ArrayBuffer
        ? new Uint8Array(source)
        : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    return {
      size: bytes.byteLength,
      name: name ?? 'upload.bin',
      type: type ?? octets,
      repeatable: true,
      chunks: async function* () {
        yield* slices(bytes);
      },
    };
  }
  if (isSizedStream(source)) {
    const size = checkSize(source.size);
    let used = false;
    return {
      size,
      name: name ?? source.name ?? 'upload.bin',
      type: type ?? source.type ?? octets,
      repeatable: false,
      chunks: () => {
        if (used)
          throw new InputError(
            'a stream source can be read only once; pass a Blob, bytes or a path to retry',
          );
        used = true;
        return exactly(readStream(source.stream), size);
      },
    };
  }
  return undefined;
}
