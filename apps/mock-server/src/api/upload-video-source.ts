/** §4.2 Upload a video source file: POST /api/upload/v1/form-data/videos/{videoKey}. */
import { renameSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { Context } from 'hono';
import { requireToken } from '../http/auth.js';
import { during, type MockCore, representText } from '../core.js';
import { MockHttpError, validationError } from '../http/errors.js';
import { throttle } from '../faults/index.js';
import { requestHeader } from '../http/request-headers.js';
import { json, jsonText, respond } from '../http/respond.js';
import type { MockEnv, VideoRecord } from '../types.js';
import { receiveFile } from '../node/receive-file.js';
import { findVideo } from './get-video.js';

/** Room for the multipart framing around the file when checking Content-Length early. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function tooLarge(limit: number): MockHttpError {
  return new MockHttpError(
    413,
    'payload-too-large',
    'Payload too large',
    `The file is larger than ${limit} bytes, the largest this server accepts.`,
    [{ pointer: '/file', message: `at most ${limit} bytes are accepted` }],
    { connection: 'close' },
  );
}

function reuploadRejected(key: string): MockHttpError {
  return new MockHttpError(
    409,
    'conflict',
    'Conflict',
    `Video "${key}" already has a source file; under reupload-rejected a second upload is refused.`,
  );
}

/** The raw Node request under @hono/node-server, else the Web body as a Node stream. */
function requestStream(c: Context<MockEnv>): Readable {
  const incoming: IncomingMessage | undefined = c.env?.incoming;
  if (incoming && typeof incoming.pipe === 'function' && !incoming.readableDidRead) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as unknown as NodeWebStream<Uint8Array>) : Readable.from([]);
}

/**
 * Handles the upload: Bearer required (§5.1), 404 for an unknown key, 415 for a body that is not
 * multipart, 413 early (Content-Length) and while streaming, 4xx for a missing `file` field; the
 * file streams to a temporary file and is renamed into place only when complete.
 */
export function uploadVideoSourceHandler(core: MockCore) {
  return async (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    requireToken(requestHeader(c, 'authorization'), core.options.tokens);
    const key = c.req.param('videoKey') ?? '';
    const record = findVideo(core, key);
    const rejectsReupload = readings.get('video-transitions') === 'reupload-rejected';
    if (rejectsReupload && record.source) throw reuploadRejected(key);
    const type = requestHeader(c, 'content-type') ?? '';
    if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) {
      throw new MockHttpError(
        415,
        'unsupported-media-type',
        'Unsupported media type',
        `The body must be multipart/form-data with the file in the form field "file" (§4.2); got ${type === '' ? 'no Content-Type' : `"${type}"`}.`,
      );
    }
    const limit = readings.get('file-size-limit') === 'rejects-413' ? core.options.maxUploadBytes : undefined;
    const length = Number(requestHeader(c, 'content-length'));
    if (limit !== undefined && Number.isFinite(length) && length > limit + MULTIPART_OVERHEAD_BYTES) {
      throw tooLarge(limit);
    }
    let source = requestStream(c);
    const rate = core.faults.uploadReadRate(c.get('operationId') ?? 'uploadVideoSource');
    if (rate !== undefined) source = throttle(source, rate);
    // Tracked until the store is updated, so that close() waits for it (mock.uploadsSettled()).
    let settle = () => {};
    const tracked = new Promise<void>((resolve) => {
      settle = resolve;
    });
    core.uploads.add(tracked);
    try {
      return await receiveAndStore(core, c, { key, source, type, limit, rejectsReupload });
    } finally {
      core.uploads.delete(tracked);
      settle();
    }
  };
}

interface UploadRequest {
  key: string;
  source: Readable;
  type: string;
  limit: number | undefined;
  rejectsReupload: boolean;
}

async function receiveAndStore(
  core: MockCore,
  c: Context<MockEnv>,
  upload: UploadRequest,
): Promise<Response> {
  const { key, source, type, limit, rejectsReupload } = upload;
  const readings = c.get('readings');
  during(core, readings, c.get('origin'), () => core.lifecycle.uploadStarted(key));
  const result = await receiveFile({
    source,
    headers: { 'content-type': type },
    tempDir: core.folders.temp,
    limit,
  });
  if (result.kind !== 'file') {
    during(core, readings, c.get('origin'), () => core.lifecycle.uploadAbandoned(key));
    if (result.kind === 'too-large' && limit !== undefined) throw tooLarge(limit);
    if (result.kind === 'second-file') {
      // Answered before the rest of the body arrives, so the connection is not kept.
      const { status, code, title, detail, errors } = validationError(
        readings,
        'The form has more than one file in the field "file"; one request uploads one file (§4.2).',
        [{ pointer: '/file', message: 'only one file is accepted' }],
      );
      throw new MockHttpError(status, code, title, detail, errors, { connection: 'close' });
    }
    if (result.kind === 'missing-file') {
      throw validationError(readings, 'The form has no file in the field "file" (§4.2).', [
        { pointer: '/file', message: 'required' },
      ]);
    }
    if (result.kind === 'malformed') {
      throw validationError(readings, `The multipart body could not be read: ${result.message}.`, [
        { pointer: '', message: 'malformed multipart body' },
      ]);
    }
    throw new MockHttpError(
      400,
      'aborted',
      'Upload aborted',
      'The request body ended before the upload completed.',
    );
  }
  const current = core.store.get(key);
  if (!current || (rejectsReupload && current.source)) {
    during(core, readings, c.get('origin'), () => core.lifecycle.uploadAbandoned(key));
    rmSync(result.tempPath, { force: true });
    throw current
      ? reuploadRejected(key)
      : new MockHttpError(404, 'not-found', 'Not found', `No video has the key "${key}".`);
  }
  const file = core.folders.fileOf(key);
  try {
    renameSync(result.tempPath, file);
  } catch (error) {
    // The server's own failure (its folder removed under it, a full disk): the video goes back to
    // where it was before this upload, and the 500 says nothing internal.
    during(core, readings, c.get('origin'), () => core.lifecycle.uploadAbandoned(key));
    rmSync(result.tempPath, { force: true });
    throw error;
  }
  const stored = { file, size: result.size, filename: result.filename, contentType: result.mimeType };
  const next: VideoRecord = during(core, readings, c.get('origin'), () =>
    core.lifecycle.uploadCompleted(current, stored),
  );
  const status = readings.get('status-codes') === 'semantic' ? 202 : 200;
  const bodyReading = readings.get('upload-response-body');
  if (bodyReading === 'empty') return respond(null, status, readings);
  if (bodyReading === 'upload-receipt') {
    return json({ videoKey: key, size: result.size, filename: result.filename }, status, readings);
  }
  return jsonText(representText(core, next, readings, c.get('origin'), false), status, readings);
}
