/**
 * Batch uploads (§1's three steps for many files): create in batches, upload concurrently,
 * optionally wait; one result per file, and one failure never stalls the rest. Create is not
 * idempotent (§4.1), so every file carries a correlation id kept in a ledger (and, when asked, in a
 * custom field of its video); a rerun with the same ids and ledger reuses what exists instead of
 * creating again, and a create whose outcome is unknown is never repeated blindly.
 */
import type {
  CreatedVideo,
  CreateVideoEntry,
  CreateVideosRequest,
  SimpleCustomFields,
  Video,
} from '@video-api/schema';
import { AbortedError, AmbiguousCreateError, InputError, NotFoundError } from '../errors.js';
import type { CallOptions } from '../http/types.js';
import { shown } from '../shown.js';
import type { UploadOptions, UploadResult, UploadSource } from '../upload/types.js';
import { sourceOf } from '../upload/upload.js';
import type { WaitOptions } from '../wait/types.js';
import { ambiguityAdvice, asApiError, isAmbiguousCreateFailure } from './ambiguity.js';
import { memoryLedger } from './ledger.js';
import { limiter } from './limit.js';
import type { BatchFile, BatchOptions, BatchProgress, BatchResult, EntryMembers } from './types.js';

export interface BatchClient<S> {
  createVideos(body: CreateVideosRequest, options?: CallOptions): Promise<CreatedVideo[]>;
  uploadSource(videoKey: string, source: S, options?: UploadOptions): Promise<UploadResult>;
  getVideo(videoKey: string, options?: CallOptions): Promise<Video>;
  updateCustomFields(videoKey: string, fields: SimpleCustomFields, options?: CallOptions): Promise<Video>;
  waitForReady(videoKey: string, options?: WaitOptions): Promise<Video>;
  /**
   * Throws (an InputError) when `source` cannot be uploaded: called for each file before its video
   * is created, so a missing or unreadable file makes no video. A client of `createVideoApiClient`
   * has it. Required: without it a batch would create videos for sources it cannot send. (Called
   * from JavaScript without it, sources of every runtime are checked and anything else is refused.)
   */
  checkSource(source: S): Promise<void>;
}

/**
 * The create entry (§4.1) of a file: each member of the generated entry named here, so a member
 * the spec adds fails the type check until the batch passes it on; members a file does not give are left out.
 */
function entryOf(file: BatchFile<unknown>, title: string): CreateVideoEntry {
  const members = { title, tags: file.tags } satisfies Record<keyof CreateVideoEntry, unknown> & EntryMembers;
  return Object.fromEntries(
    Object.entries(members).filter(([, value]) => value !== undefined),
  ) as unknown as CreateVideoEntry;
}

function sourceName(source: unknown): string | undefined {
  if (typeof source === 'string') return source.split(/[\\/]/).pop() || undefined;
  if (typeof source === 'object' && source !== null && 'name' in source) {
    const name = (source as { name: unknown }).name;
    return typeof name === 'string' && name !== '' ? name : undefined;
  }
  return undefined;
}

/** 128 random bits in hex; getRandomValues works in insecure browser contexts too, unlike randomUUID. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * Writes no custom field unless asked: a file's `customFields`, and with `correlationField` its
 * correlation id, are written after its video is created and before its upload.
 *
 * @example
 * const results = await client.uploadVideos(
 *   [{ source: fileA, correlationId: 'a-v1' }, { source: fileB, correlationId: 'b-v1' }],
 *   { projectKey: 'demo', concurrency: 2, wait: true, onProgress: (e) => console.log(e.index, e.phase) },
 * );
 * for (const r of results) console.log(r.ok ? r.videoKey : r.error.message);
 */
export async function uploadVideos<S>(
  client: BatchClient<S>,
  files: BatchFile<S>[],
  options: BatchOptions,
): Promise<BatchResult<S>[]> {
  if (typeof options?.projectKey !== 'string' || options.projectKey === '') {
    throw new InputError('uploadVideos: projectKey must be a non-empty string');
  }
  const concurrency = options.concurrency ?? 3;
  const batchSize = options.batchSize ?? 10;
  for (const [name, value] of [
    ['concurrency', concurrency],
    ['batchSize', batchSize],
  ] as const) {
    if (!Number.isInteger(value) || value < 1)
      throw new InputError(`uploadVideos: ${name} must be an integer >= 1, got ${shown(value)}`);
  }
  // The custom field that carries correlation ids: none unless given.
  const field = options.correlationField || undefined;
  if (field !== undefined && typeof field !== 'string')
    throw new InputError(`uploadVideos: correlationField must be a field name or false, got ${shown(field)}`);
  const ledger = options.ledger ?? memoryLedger();
  const signal = options.signal;
  const call = signal ? { signal } : {};
  const ids = files.map((file) => file.correlationId ?? randomId());
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) {
    throw new InputError(
      `uploadVideos: correlation id "${repeated}" is given to more than one file; ids must be unique`,
    );
  }
  const results: BatchResult<S>[] = new Array(files.length);
  const run = limiter(concurrency);
  const tasks: Promise<void>[] = [];
  const emit = (event: BatchProgress) => options.onProgress?.(event);

  const fail = (index: number, thrown: unknown, videoKey?: string) => {
    const file = files[index] as BatchFile<S>;
    const error = asApiError(thrown);
    results[index] = { index, file, ok: false, videoKey, correlationId: ids[index] as string, error };
    emit({ index, phase: 'failed', error, ...(videoKey ? { videoKey } : {}) });
  };

  // `writeFields`: the file's custom fields (and the correlation field, when set) are not known to
  // be written yet. Nothing is sent when there is nothing to write.
  const finish = (index: number, videoKey: string, uploaded: boolean, writeFields: boolean) => {
    const file = files[index] as BatchFile<S>;
    const id = ids[index] as string;
    const fields: SimpleCustomFields = { ...file.customFields, ...(field && { [field]: id }) };
    tasks.push(
      run(async () => {
        try {
          if (writeFields && Object.keys(fields).length > 0)
            await client.updateCustomFields(videoKey, fields, call);
          let video: Video | undefined;
          if (!uploaded) {
            emit({ index, phase: 'uploading', videoKey });
            const result = await client.uploadSource(videoKey, file.source, {
              ...call,
              onProgress: (upload) => emit({ index, phase: 'uploading', videoKey, upload }),
            });
            video = result.video;
            await ledger.set(id, { state: 'uploaded', videoKey });
          }
          if (options.wait) {
            emit({ index, phase: 'processing', videoKey });
            const waitOptions = typeof options.wait === 'object' ? options.wait : {};
            video = await client.waitForReady(videoKey, { ...waitOptions, ...call });
          }
          results[index] = { index, file, ok: true, videoKey, correlationId: id, video };
          emit({ index, phase: 'done', videoKey });
        } catch (error) {
          fail(index, error, videoKey);
        }
      }),
    );
  };

  // Resume: files whose correlation id the ledger knows are not created again.
  const toCreate: number[] = [];
  for (const [index, id] of ids.entries()) {
    const entry = await ledger.get(id);
    if (!entry) {
      toCreate.push(index);
    } else if (entry.state === 'creating' || !entry.videoKey) {
      const advice = ambiguityAdvice(id, entry.title, options.projectKey, entry.sentAt);
      fail(
        index,
        new AmbiguousCreateError(
          `an earlier create for correlation id ${id} ended without a clear answer; ${advice}`,
          { operation: 'createVideos' },
        ),
      );
    } else {
      try {
        // The remembered video must still exist (404: create again); with a correlation field it
        // must also carry this id, or none yet (a crash before the field was written).
        const video = await client.getVideo(entry.videoKey, call);
        const marked = field && video.simpleCustomFields[field];
        if (marked !== undefined && marked !== id) {
          await ledger.set(id, undefined);
          toCreate.push(index);
        } else {
          const uploaded = entry.state === 'uploaded';
          // Fields are written before the upload: without a field to read back, an uploaded entry
          // had them written; a created one may not have, and a PUT of the same values is safe.
          finish(index, entry.videoKey, uploaded, field ? marked === undefined : !uploaded);
        }
      } catch (error) {
        if (error instanceof NotFoundError) {
          await ledger.set(id, undefined);
          toCreate.push(index);
        } else fail(index, error, entry.videoKey);
      }
    }
  }

  // Sources are checked before their videos are created: a file that cannot be read makes no video.
  const creatable: number[] = [];
  for (const index of toCreate) {
    try {
      const source = (files[index] as BatchFile<S>).source;
      if (typeof client.checkSource === 'function') await client.checkSource(source);
      else sourceOf(source as UploadSource, undefined, {});
      creatable.push(index);
    } catch (error) {
      fail(index, error);
    }
  }

  const titleOf = (index: number): string => {
    const file = files[index] as BatchFile<S>;
    return file.title ?? sourceName(file.source) ?? `video ${index + 1}`;
  };
  for (let at = 0; at < creatable.length; at += batchSize) {
    const chunk = creatable.slice(at, at + batchSize);
    if (signal?.aborted) {
      // Nothing is sent once the signal has fired, so nothing is ambiguous either.
      const error = new AbortedError('createVideos was aborted before it was sent', {
        operation: 'createVideos',
        cause: signal.reason,
      });
      for (const index of chunk) fail(index, error);
      continue;
    }
    const sentAt = new Date().toISOString();
    for (const index of chunk) {
      await ledger.set(ids[index] as string, { state: 'creating', title: titleOf(index), sentAt });
      emit({ index, phase: 'creating' });
    }
    const videos = chunk.map((index) => {
      return entryOf(files[index] as BatchFile<S>, titleOf(index));
    });
    let created: CreatedVideo[];
    try {
      created = await client.createVideos({ projectKey: options.projectKey, videos }, call);
    } catch (error) {
      const ambiguous = isAmbiguousCreateFailure(error);
      for (const index of chunk) {
        const id = ids[index] as string;
        if (ambiguous) {
          const advice = ambiguityAdvice(id, titleOf(index), options.projectKey, sentAt);
          fail(
            index,
            new AmbiguousCreateError(
              `create for correlation id ${id} failed without a clear answer (${(error as Error).message}); ${advice}`,
              { cause: error, operation: 'createVideos' },
            ),
          );
        } else {
          // Refused (4xx) or never sent: nothing was made, so the next run creates it.
          await ledger.set(id, undefined);
          fail(index, error);
        }
      }
      continue;
    }
    for (const [position, index] of chunk.entries()) {
      const videoKey = (created[position] as CreatedVideo).key;
      await ledger.set(ids[index] as string, { state: 'created', videoKey });
      finish(index, videoKey, false, true);
    }
  }
  await Promise.all(tasks);
  return results;
}
