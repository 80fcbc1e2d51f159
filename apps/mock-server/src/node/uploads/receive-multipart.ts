/**
 * Receives an upload from the raw Node request with busboy (§4.2): the `file` part streams into
 * the sink at flat memory, with backpressure. A request that reaches the app without a raw Node
 * request (app.request(), a web Request) is read by the portable receiver instead.
 *
 * Why two multipart readers: measured with a 1 GiB upload by curl through the Node server (medians
 * of 5 alternating runs), the portable reader (src/http/multipart.ts) on the web stream that
 * @hono/node-server makes of the request keeps memory as flat as busboy (peak RSS 145-173 MiB
 * either way) but costs 3.05 s of CPU against busboy's 2.17 s (+41 %). The parsers alone are on
 * par (512 MiB in memory in 64 KiB chunks: 246 against 261 ms), so the cost is the web stream.
 * And only this receiver sees the request itself: a client gone (`client-gone`, logged at info)
 * is told from a form cut short (`aborted`, answered 400), and after a sink failure the rest of
 * the body is read and dropped so the client reads the answer.
 */
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { type ReceiveResult, receiveWebUpload, type UploadReceiver } from '../../api/receive-upload.js';
import { HEAD_BYTES, headOf } from '../../api/source-head.js';
import { MAX_PARTS, partsCutMessage } from '../../http/multipart.js';
import { requestHeader } from '../../http/request-headers.js';
import type { IncomingFile, SourceSink } from '../../state/source-sink.js';
import { incomingOf } from '../server/host-request.js';
import { type DiskFile, isDiskFile } from './disk-sink.js';
import { throttle } from './throttle.js';

/**
 * Writes a Node stream into a sink's file, pausing while a write is pending; a write that fails is
 * the sink's failure (`onSinkError`). The stream's own errors (the body ended early) are left to
 * the parser and the request, which tell them.
 */
function writeInto(
  stream: Readable,
  file: IncomingFile,
  onSinkError: (error: unknown) => void,
): Promise<void> {
  return new Promise<void>((done) => {
    stream.on('data', (chunk: Buffer) => {
      try {
        const wrote = file.write(chunk);
        if (wrote) {
          stream.pause();
          wrote.then(() => stream.resume(), onSinkError);
        }
      } catch (error) {
        onSinkError(error);
      }
    });
    stream.on('end', () => done());
    stream.on('error', () => {});
  });
}

/** Pipes a Node stream into a disk file's write stream; its errors are the sink's failure. */
function pipeInto(stream: Readable, file: DiskFile, onSinkError: (error: unknown) => void): Promise<void> {
  return new Promise<void>((done) => {
    const { writable } = file;
    writable.on('error', (error) => {
      stream.unpipe(writable);
      onSinkError(error);
    });
    writable.on('finish', () => done());
    stream.on('error', () => {});
    stream.pipe(writable);
  });
}

interface ReceiveOptions {
  source: Readable;
  contentType: string;
  sink: SourceSink;
  /** Largest file in bytes; undefined for no limit. */
  limit: number | undefined;
}

/**
 * Receives the file of the form field `file` from a Node stream; other parts are drained and
 * ignored. Every outcome but `file` leaves nothing in the sink. Where it failed is told at the
 * source of the error: the sink's write (`sink-failed`; the rest of the body is then read and
 * dropped, so the client can read the answer) or the request closing early (`client-gone`).
 *
 * @example
 * const result = await receiveFile({ source: incoming, contentType, sink, limit: 5 * 1024 ** 3 });
 * if (result.kind === 'file') await result.file.commit(key);
 */
export function receiveFile(options: ReceiveOptions): Promise<ReceiveResult> {
  const { source, contentType, sink, limit } = options;
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Filenames are read as UTF-8 (what browsers and curl send), not busboy's default latin1.
        defParamCharset: 'utf8',
        limits: {
          fileSize: limit ?? Number.POSITIVE_INFINITY,
          fields: 100,
          fieldSize: 64 * 1024,
          parts: MAX_PARTS,
        },
      });
    } catch (error) {
      resolve({ kind: 'malformed', message: (error as Error).message });
      return;
    }
    let file: IncomingFile | undefined;
    let written: Promise<void> | undefined;
    let info: { filename: string; mimeType: string } | undefined;
    let size = 0;
    let head: Uint8Array = new Uint8Array(0);
    let otherParts = 0;
    let settled = false;
    let partsCut = false;

    const finish = (
      result: ReceiveResult | Exclude<ReceiveResult['kind'], 'file' | 'malformed' | 'sink-failed'>,
    ) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
      const outcome = typeof result === 'string' ? ({ kind: result } as ReceiveResult) : result;
      if (outcome.kind === 'sink-failed') source.resume();
      if (outcome.kind === 'file' || !file) resolve(outcome);
      else void Promise.resolve(file.abort()).then(() => resolve(outcome));
    };
    const onSourceError = () => finish('client-gone');
    const onSourceClose = () => {
      if (!source.readableEnded) finish('client-gone');
    };
    const onSinkError = (error: unknown) => finish({ kind: 'sink-failed', error });

    parser.on('file', (name, stream, fileInfo) => {
      if (name === 'file' && file !== undefined && !settled) {
        // One request uploads one file: a second would silently replace or lose one of them.
        stream.on('error', () => {});
        stream.resume();
        finish('second-file');
        return;
      }
      if (name !== 'file' || settled) {
        otherParts += 1;
        // Drain and ignore. A body that ends inside this part errors the part stream too; the
        // parser's own 'error' answers the request, so this listener only keeps the process alive.
        stream.on('error', () => {});
        stream.resume();
        return;
      }
      let sinkFile: IncomingFile;
      try {
        sinkFile = sink.begin();
      } catch (error) {
        stream.on('error', () => {});
        stream.resume();
        onSinkError(error);
        return;
      }
      file = sinkFile;
      info = { filename: fileInfo.filename ?? '', mimeType: fileInfo.mimeType };
      stream.on('limit', () => finish('too-large'));
      stream.on('data', (chunk: Buffer) => {
        if (size < HEAD_BYTES) head = headOf(head, chunk);
        size += chunk.length;
      });
      written = isDiskFile(sinkFile)
        ? pipeInto(stream, sinkFile, onSinkError)
        : writeInto(stream, sinkFile, onSinkError);
    });
    parser.on('field', () => {
      otherParts += 1;
    });
    parser.on('partsLimit', () => {
      partsCut = true;
    });
    parser.on('close', () => {
      if (!file || !written) {
        finish(
          partsCut ? { kind: 'malformed', message: partsCutMessage(MAX_PARTS, 'file') } : 'missing-file',
        );
        return;
      }
      const received = file;
      void written.then(() => {
        if (info) finish({ kind: 'file', file: received, size, head, otherParts, ...info });
      });
    });
    parser.on('error', (error: Error) => {
      finish(
        source.destroyed && !source.readableEnded
          ? 'client-gone'
          : { kind: 'malformed', message: error.message },
      );
    });
    source.on('error', onSourceError);
    source.on('close', onSourceClose);
    source.pipe(parser);
  });
}

/**
 * The Node receiver: busboy on the raw request served by @hono/node-server (paced by a slow-read
 * fault when one is set); else the portable one, which also reads past parts whose header busboy
 * refuses (`upload-form-parts: lenient`: busboy has no such option).
 */
export const receiveNodeUpload: UploadReceiver = (c, request) => {
  const incoming = incomingOf(c.env?.host);
  if (!incoming || incoming.readableDidRead || request.skipUnreadableParts) {
    return receiveWebUpload(c, request);
  }
  const source = request.bytesPerSecond === undefined ? incoming : throttle(incoming, request.bytesPerSecond);
  return receiveFile({
    source,
    contentType: requestHeader(c, 'content-type') ?? '',
    sink: request.sink,
    limit: request.limit,
  });
};
