/**
 * Receiving the file of an upload (§4.2): the multipart body read as it streams, the `file` part's
 * bytes handed to the sink. This one reads the web body of the request (any runtime); under Node
 * the adapters read the raw request with busboy instead (src/node/uploads/receive-multipart.ts).
 */
import type { Context } from 'hono';
import { pacedStream } from '../faults/pace.js';
import type { MockEnv } from '../http/context.js';
import { readMultipartFile } from '../http/multipart.js';
import { requestHeader } from '../http/request-headers.js';
import type { IncomingFile, SourceSink } from '../state/source-sink.js';
import { HEAD_BYTES, headOf } from './source-head.js';

export type ReceiveResult =
  | {
      kind: 'file';
      file: IncomingFile;
      size: number;
      filename: string;
      mimeType: string;
      /** The first bytes of the file (at most HEAD_BYTES of ./source-head.ts). */
      head: Uint8Array;
      /** Parts of the form other than the file. */
      otherParts: number;
    }
  | { kind: 'missing-file' }
  | { kind: 'second-file' }
  | { kind: 'too-large' }
  /** The body ended before the form was complete, its client still listening: a 400 it can read. */
  | { kind: 'aborted' }
  /** The connection closed before the body ended: nobody reads an answer (logged at info). */
  | { kind: 'client-gone' }
  /** The sink itself failed (a full disk, EIO): the server's error, never the request's. */
  | { kind: 'sink-failed'; error: unknown }
  | { kind: 'malformed'; message: string };

interface ReceiveRequest {
  sink: SourceSink;
  /** Largest file in bytes; undefined for none. */
  limit: number | undefined;
  /** Read the body at this rate (a slow-read fault); undefined for full speed. */
  bytesPerSecond: number | undefined;
  /** Skip parts whose header cannot be read instead of refusing the body (`upload-form-parts`). */
  skipUnreadableParts: boolean;
}

/** Reads the file of an upload into the sink; every outcome but `file` leaves nothing in it. */
export type UploadReceiver = (c: Context<MockEnv>, request: ReceiveRequest) => Promise<ReceiveResult>;

/**
 * The portable receiver: the request's web stream through the multipart reader.
 *
 * @example
 * const result = await receiveWebUpload(c, { sink, limit: 1024 ** 3, bytesPerSecond: undefined });
 * if (result.kind === 'file') await result.file.commit(key);
 */
export const receiveWebUpload: UploadReceiver = async (
  c,
  { sink, limit, bytesPerSecond, skipUnreadableParts },
) => {
  let body: ReadableStream<Uint8Array> | null = c.req.raw.body;
  if (body && bytesPerSecond !== undefined) body = body.pipeThrough(pacedStream(bytesPerSecond));
  let file: IncomingFile | undefined;
  // Told at its source: an error thrown by the sink is the sink's, whatever the reader makes of it.
  let sinkError: { error: unknown } | undefined;
  const failed = (error: unknown): never => {
    sinkError ??= { error };
    throw error;
  };
  let result: Awaited<ReturnType<typeof readMultipartFile>>;
  let head: Uint8Array = new Uint8Array(0);
  let otherParts = 0;
  try {
    result = await readMultipartFile(body, requestHeader(c, 'content-type') ?? '', {
      field: 'file',
      limits: limit === undefined ? {} : { fileSize: limit },
      skipUnreadableParts,
      onOtherPart: () => {
        otherParts += 1;
      },
      open: () => {
        const opened = (() => {
          try {
            return sink.begin();
          } catch (error) {
            return failed(error);
          }
        })();
        file = opened;
        return {
          write: (chunk) => {
            if (head.length < HEAD_BYTES) head = headOf(head, chunk);
            try {
              return Promise.resolve(opened.write(chunk)).catch(failed);
            } catch (error) {
              return failed(error);
            }
          },
        };
      },
    });
  } catch (error) {
    if (!sinkError) throw error;
    result = { kind: 'aborted' };
  }
  if (result.kind === 'file' && file) return { ...result, file, head, otherParts };
  await file?.abort();
  if (sinkError) return { kind: 'sink-failed', error: sinkError.error };
  return result.kind === 'file' ? { kind: 'missing-file' } : result;
};
