/** §4.2 Upload a video source file: POST /api/upload/v1/form-data/videos/{videoKey}. */
import { meaningOf, type ReadingOf } from '@video-api/schema';
import type { Context } from 'hono';
import { requireToken } from '../http/auth.js';
import { unknownKey, wrongMediaType } from '../http/conditions.js';
import type { MockEnv } from '../http/context.js';
import { conflict, HttpError, tooLarge, validationError } from '../http/errors.js';
import { requestHeader } from '../http/request-headers.js';
import { json, jsonText, respond } from '../http/respond.js';
import { storageError } from '../http/storage-error.js';
import type { RequestReadings } from '../readings/request-readings.js';
import { limitsUploadSize } from '../readings/switches.js';
import { unplayed } from '../shared/unplayed.js';
import type { EventContext } from '../state/events.js';
import { tapBody } from '../state/journal-bodies.js';
import type { Phase, VideoRecord } from '../state/types.js';
import type { ApiDeps } from './deps.js';
import { findVideo } from './get-video.js';
import type { ReceiveResult } from './receive-upload.js';
import { TAKES_SOURCE } from './source-files.js';

/** Room for the multipart framing around the file when checking Content-Length early. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type UploadDeps = Pick<
  ApiDeps,
  | 'tokens'
  | 'store'
  | 'lifecycle'
  | 'represent'
  | 'limits'
  | 'eventContext'
  | 'sink'
  | 'receive'
  | 'uploadReadRate'
  | 'uploads'
  | 'log'
>;

/** What the sink's storage holds, in the words of a 507's detail. */
const UPLOADS = "the mock's uploads";

const fileTooLarge = (limit: number) =>
  tooLarge('The file', limit, [
    { pointer: '/file', message: `at most ${limit} bytes are accepted` },
  ]).withHeaders({
    connection: 'close',
  });

/**
 * §3 does not show the transitions: whether each `video-transitions` reading refuses an upload to
 * a video as it is stored now, in the phase a client sees (a second upload, to a video that has a
 * source, under reupload-rejected; to a ready one, under reupload-until-ready).
 */
const REFUSES_UPLOAD: Readonly<
  Record<ReadingOf<'video-transitions'>, (record: VideoRecord, phase: Phase) => boolean>
> = {
  'reupload-reprocesses': () => false,
  'reupload-rejected': (record) => record.source !== undefined,
  'reupload-until-ready': (record, phase) => record.source !== undefined && phase === 'ready',
};

/** Whether the `video-transitions` reading of the request refuses an upload to `record` now. */
const refusesUpload = (deps: UploadDeps, readings: RequestReadings, record: VideoRecord): boolean =>
  REFUSES_UPLOAD[readings.get('video-transitions')](record, deps.lifecycle.phaseOf(record));

/**
 * §4.2 shows only the form field `file`: what each `upload-form-parts` reading does with the others,
 * whether it reads past a part whose header is not well formed, and whether it refuses any other part.
 */
const FORM_PARTS: Readonly<
  Record<ReadingOf<'upload-form-parts'>, { skipUnreadableParts: boolean; refusesOtherParts: boolean }>
> = {
  'extra-parts-ignored': { skipUnreadableParts: false, refusesOtherParts: false },
  lenient: { skipUnreadableParts: true, refusesOtherParts: false },
  'file-only': { skipUnreadableParts: false, refusesOtherParts: true },
};

const reuploadRejected = (key: string, readings: RequestReadings) => {
  const reading = readings.get('video-transitions');
  const when = reading === 'reupload-until-ready' ? ' once the video is ready' : '';
  return conflict(
    `Video "${key}" already has a source file; under ${reading} a second upload is refused${when}.`,
  );
};

/** The largest file accepted: the `file-size-limit` reading's, and the sink's own bound. */
function limitOf(c: Context<MockEnv>, deps: UploadDeps): number | undefined {
  const byReading = limitsUploadSize[c.get('readings').get('file-size-limit')]
    ? deps.limits.maxUploadBytes
    : undefined;
  const bySink = deps.sink.maxFileBytes;
  if (byReading === undefined) return bySink;
  return bySink === undefined ? byReading : Math.min(byReading, bySink);
}

/**
 * Handles the upload: Bearer required (§5.1), 404 for an unknown key, 415 for a body that is not
 * multipart, 413 early (Content-Length) and while streaming, 4xx for a missing `file` field; the
 * file streams into the sink and is put in place only when complete.
 */
export function uploadVideoSource(deps: UploadDeps) {
  return async (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    requireToken(requestHeader(c, 'authorization'), deps.tokens, readings);
    const key = c.req.param('videoKey') ?? '';
    const record = await findVideo(deps, key, readings);
    if (refusesUpload(deps, readings, record)) throw reuploadRejected(key, readings);
    const type = requestHeader(c, 'content-type') ?? '';
    if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) {
      throw wrongMediaType(
        'multipart/form-data with the file in the form field "file" (§4.2)',
        type,
        readings,
      );
    }
    const limit = limitOf(c, deps);
    const length = Number(requestHeader(c, 'content-length'));
    if (limit !== undefined && Number.isFinite(length) && length > limit + MULTIPART_OVERHEAD_BYTES) {
      throw fileTooLarge(limit);
    }
    // Tracked until the store is updated, so that close() waits for it (mock.uploadsSettled()).
    let settle = () => {};
    const tracked = new Promise<void>((resolve) => {
      settle = resolve;
    });
    deps.uploads.add(tracked);
    try {
      return await receiveAndStore(c, deps, key, limit);
    } finally {
      deps.uploads.delete(tracked);
      settle();
    }
  };
}

/** The answer to an upload that stored nothing (one whose client went away is answered elsewhere). */
function refusal(
  result: Exclude<ReceiveResult, { kind: 'file' | 'client-gone' }>,
  c: Context<MockEnv>,
  limit: number | undefined,
): HttpError {
  const readings = c.get('readings');
  switch (result.kind) {
    case 'too-large':
      return fileTooLarge(limit ?? 0); // only a receiver given a limit finds a file too large
    case 'second-file':
      // Answered before the rest of the body arrives, so the connection is not kept.
      return validationError(
        readings,
        'The form has more than one file in the field "file"; one request uploads one file (§4.2).',
        [{ pointer: '/file', message: 'only one file is accepted' }],
      ).withHeaders({ connection: 'close' });
    case 'missing-file':
      return validationError(readings, 'The form has no file in the field "file" (§4.2).', [
        { pointer: '/file', message: 'required' },
      ]);
    case 'malformed':
      return validationError(readings, `The multipart body could not be read: ${result.message}.`, [
        { pointer: '', message: 'malformed multipart body' },
      ]);
    case 'aborted':
      return new HttpError(400, {
        code: 'aborted',
        title: 'Upload aborted',
        detail: 'The request body ended before the upload completed.',
      });
    case 'sink-failed':
      return storageError(UPLOADS, result.error);
  }
}

/**
 * The refusal of a form that was read whole: other parts than `file` under `upload-form-parts:
 * file-only`, a file that is no video container under `upload-source-files: video-only`.
 */
function refusedForm(
  result: Extract<ReceiveResult, { kind: 'file' }>,
  refusesOtherParts: boolean,
  readings: RequestReadings,
): HttpError | undefined {
  if (refusesOtherParts && result.otherParts > 0) {
    return validationError(
      readings,
      `The form has ${result.otherParts} part(s) beside the field "file"; under file-only a form holds the file alone (§4.2).`,
      [{ pointer: '', message: 'only the form field "file" is accepted' }],
    );
  }
  if (!TAKES_SOURCE[readings.get('upload-source-files')](result.head)) {
    return validationError(
      readings,
      'The file does not begin as a video container does (MP4, QuickTime, Matroska, WebM, MPEG-TS, MPEG-PS, AVI, FLV, Ogg); under video-only no other file is a source (§4.2).',
      [{ pointer: '/file', message: 'not a video container' }],
    );
  }
  return undefined;
}

/** Logs a failure of the upload storage at error, with the path and code it names. */
function logStorageFailure(deps: UploadDeps, key: string, error: unknown): void {
  const { code, path } = (error ?? {}) as { code?: unknown; path?: unknown };
  deps.log('error', { msg: 'upload storage failed', key, code, path, error: String(error) });
}

/**
 * nginx's 499 Client Closed Request: what the journal and the request log show for an upload
 * whose connection closed before its body ended. No client reads it.
 */
const CLIENT_GONE = 499;

async function receiveAndStore(
  c: Context<MockEnv>,
  deps: UploadDeps,
  key: string,
  limit: number | undefined,
): Promise<Response> {
  const { lifecycle, store } = deps;
  const readings = c.get('readings');
  const context: EventContext = deps.eventContext(c);
  const upload = await lifecycle.uploadStarted(key, context);
  const parts = FORM_PARTS[readings.get('upload-form-parts')];
  const result = await deps.receive(c, {
    sink: deps.sink,
    limit,
    bytesPerSecond: deps.uploadReadRate(c),
    skipUnreadableParts: parts.skipUnreadableParts,
  });
  if (result.kind !== 'file') {
    await lifecycle.uploadAbandoned(upload, context);
    if (result.kind === 'client-gone') {
      deps.log('info', { msg: 'upload: the client went away before the body ended', key });
      return new Response(null, { status: CLIENT_GONE });
    }
    if (result.kind === 'sink-failed') logStorageFailure(deps, key, result.error);
    throw refusal(result, c, limit);
  }
  const refused = refusedForm(result, parts.refusesOtherParts, readings);
  if (refused) {
    await lifecycle.uploadAbandoned(upload, context);
    await result.file.abort();
    throw refused;
  }
  // The journal shows the form as its file part, never its bytes.
  const part = { name: 'file', filename: result.filename, contentType: result.mimeType, bytes: result.size };
  tapBody(c.req.raw, { kind: 'multipart', parts: [part] });
  const before = await store.get(key);
  if (!before || refusesUpload(deps, readings, before)) {
    await lifecycle.uploadAbandoned(upload, context);
    await result.file.abort();
    throw before ? reuploadRejected(key, readings) : unknownKey(key, readings);
  }
  let file: string;
  try {
    file = await result.file.commit(key);
  } catch (error) {
    // The server's own failure (its folder removed under it, a full disk): the video goes back to
    // where it was before this upload.
    await lifecycle.uploadAbandoned(upload, context);
    await result.file.abort();
    logStorageFailure(deps, key, error);
    throw storageError(UPLOADS, error);
  }
  // The record as it is now (a write may have landed while the file was synced), pointing at the
  // new file, in one transaction of the store; the previous file goes only once the record no
  // longer points at it.
  const stored = { file, size: result.size, filename: result.filename, contentType: result.mimeType };
  let completed: Awaited<ReturnType<typeof lifecycle.uploadCompleted>>;
  try {
    completed = await lifecycle.uploadCompleted(upload, stored, context);
  } catch (error) {
    deps.sink.release?.(file);
    throw error;
  }
  if (!completed) {
    deps.sink.release?.(file);
    await lifecycle.uploadAbandoned(upload, context);
    throw unknownKey(key, readings);
  }
  const { next } = completed;
  const previous = completed.before.source?.file;
  if (previous !== undefined && previous !== file) deps.sink.release?.(previous);
  const status = meaningOf('status-codes', readings.get('status-codes')).status.uploadVideoSource; // §4.5
  const bodyReading = readings.get('upload-response-body');
  switch (bodyReading) {
    case 'empty':
      return respond(null, status, readings);
    case 'upload-receipt':
      return json({ videoKey: key, size: result.size, filename: result.filename }, status, readings);
    case 'video-record':
      return jsonText(deps.represent.text(next, readings, c.get('origin'), false), status, readings);
    default:
      return unplayed('upload-response-body', bodyReading);
  }
}
