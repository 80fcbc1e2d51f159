/**
 * Upload sources (§4.2: the form field `file`): a Blob or File, bytes, or a ReadableStream of known
 * size, read chunk by chunk so memory stays flat whatever the size. `@video-api/client/node` adds
 * file paths through the same `PreparedSource` shape.
 */
import { InputError } from '../errors.js';
import { shown } from '../shown.js';
import type { SizedStream, UploadSource } from './types.js';

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
  /**
   * Cancels the caller's stream, with `reason`, when an upload stops before reading it to the end
   * (abort, timeout, an early answer). Only one-shot sources have it; a second call does nothing.
   */
  cancel?: (reason: unknown) => Promise<void>;
}

/** Bytes per chunk of Blobs and typed arrays: small enough for smooth progress, large enough to be cheap. */
const CHUNK = 256 * 1024;
const operation = 'uploadVideoSource';

function* slices(bytes: Uint8Array): Iterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

/** A Blob in slices: Node hands `blob.stream()` of an in-memory Blob over in one chunk. */
async function* blobSlices(blob: Blob): AsyncIterable<Uint8Array> {
  for (let at = 0; at < blob.size; at += CHUNK) {
    yield new Uint8Array(await blob.slice(at, at + CHUNK).arrayBuffer());
  }
}

function isSizedStream(value: unknown): value is SizedStream {
  return typeof value === 'object' && value !== null && 'stream' in value && 'size' in value;
}

async function* exactly(chunks: AsyncIterable<Uint8Array>, size: number): AsyncIterable<Uint8Array> {
  let seen = 0;
  for await (const chunk of chunks) {
    seen += chunk.byteLength;
    if (seen > size)
      throw new InputError(`upload source gave more than its declared size of ${size} bytes`, { operation });
    yield chunk;
  }
  if (seen !== size)
    throw new InputError(`upload source ended after ${seen} of its declared ${size} bytes`, { operation });
}

function checkSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw new InputError(`upload source size must be a non-negative integer, got ${shown(size)}`, {
      operation,
    });
  }
  return size;
}

function checkStream(stream: unknown): ReadableStream<Uint8Array> {
  if (typeof (stream as ReadableStream | null)?.getReader === 'function')
    return stream as ReadableStream<Uint8Array>;
  const node = typeof (stream as { pipe?: unknown } | null)?.pipe === 'function';
  throw new InputError(
    `upload source { stream, size }: stream must be a web ReadableStream, got ${node ? 'a Node stream' : String(stream)}` +
      (node ? ' (convert it with Readable.toWeb(stream) from node:stream, or pass a file path)' : ''),
    { operation },
  );
}

/** A one-shot stream: read once, exactly `size` bytes, and cancelled if the upload stops early. */
function streamSource(source: SizedStream, name: string, type: string): PreparedSource {
  const size = checkSize(source.size);
  const stream = checkStream(source.stream);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let settled = false;
  const cancel = async (reason: unknown) => {
    if (settled) return;
    settled = true;
    try {
      if (reader) {
        await reader.cancel(reason);
        reader.releaseLock(); // the caller gets its stream back, unlocked
      } else await stream.cancel(reason);
    } catch {
      // The stream had already failed: nothing left to cancel.
    }
  };
  async function* read(): AsyncIterable<Uint8Array> {
    reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
    settled = true;
  }
  let used = false;
  return {
    size,
    name,
    type,
    repeatable: false,
    cancel,
    chunks: () => {
      if (used)
        throw new InputError('a stream source can be read only once; pass a Blob, bytes or a path to retry', {
          operation,
        });
      used = true;
      return exactly(read(), size);
    },
  };
}

/**
 * Prepares a source of any runtime. Returns undefined for what it does not know (e.g. a path), so
 * a runtime-specific preparer can take over.
 *
 * @example
 * const prepared = prepareSource(new File(['...'], 'a.webm', { type: 'video/webm' }));
 * // { size: 3, name: 'a.webm', type: 'video/webm', repeatable: true, ... }
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
      chunks: () => blobSlices(source),
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
    return streamSource(source, name ?? source.name ?? 'upload.bin', type ?? source.type ?? octets);
  }
  return undefined;
}
