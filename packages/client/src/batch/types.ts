/** Types of batch uploads. */
import type { CreateVideoEntry, SimpleCustomFields, Video } from '@video-api/schema';
import type { VideoApiError } from '../errors.js';
import type { UploadProgress } from '../upload/types.js';
import type { WaitOptions } from '../wait/types.js';

/** The members of a create entry (§4.1), each one a file may give (the generated type's). */
export type EntryMembers = { [K in keyof CreateVideoEntry]?: CreateVideoEntry[K] | undefined };

/** One file of a batch: the members of its create entry (§4.1), and what the batch does beside. */
export interface BatchFile<S> extends EntryMembers {
  source: S;
  /** Title of the video (§4.1); default: the source's name, else "video N". */
  title?: string | undefined;
  /**
   * Custom fields written after creation, before the upload (with the correlation id when
   * `correlationField` is set). Default: none, and then no custom field is written.
   */
  customFields?: SimpleCustomFields | undefined;
  /**
   * A stable id for this file. Give the same id on a rerun (e.g. a hash of path, size and mtime)
   * so that a crashed or failed run can be resumed without making duplicates. Default: random.
   */
  correlationId?: string | undefined;
}

/** Where a batch remembers which correlation id got which video. */
export interface UploadLedger {
  get(correlationId: string): Promise<LedgerEntry | undefined> | LedgerEntry | undefined;
  set(correlationId: string, entry: LedgerEntry | undefined): Promise<void> | void;
}

export interface LedgerEntry {
  /** `creating`: a create was sent and its outcome is unknown; `created`: key known; `uploaded`. */
  state: 'creating' | 'created' | 'uploaded';
  videoKey?: string | undefined;
  /** While `creating`: the title sent and when (ISO 8601), to find a video the create may have made. */
  title?: string | undefined;
  sentAt?: string | undefined;
}

type BatchPhase = 'creating' | 'uploading' | 'processing' | 'done' | 'failed';

export interface BatchProgress {
  index: number;
  phase: BatchPhase;
  videoKey?: string | undefined;
  upload?: UploadProgress | undefined;
  error?: VideoApiError | undefined;
}

export interface BatchOptions {
  /** Key of the project the videos go to (§4.1). */
  projectKey: string;
  /** Uploads running at once (default 3). */
  concurrency?: number | undefined;
  /** Videos per create request (default 10; the limit is unknown, §8). */
  batchSize?: number | undefined;
  onProgress?: ((event: BatchProgress) => void) | undefined;
  /** Wait for each video to be ready: true, or the options of `waitForReady`. */
  wait?: boolean | WaitOptions | undefined;
  /** Where correlation ids are remembered (default: in memory, for this run only). */
  ledger?: UploadLedger | undefined;
  /**
   * Custom field into which each file's correlation id is written once its video is created, e.g.
   * "uploadCorrelationId". A rerun then reads it back: a remembered video that carries another id is
   * not reused. Off by default (`undefined`, `false` or ''): no custom field is written for the ledger,
   * which keeps uploads working against a server that only accepts predefined fields (unknown
   * `custom-field-definition`, §2); there, define the field first. The ledger resumes without it.
   */
  correlationField?: string | false | undefined;
  signal?: AbortSignal | undefined;
}

export type BatchResult<S> =
  | {
      index: number;
      file: BatchFile<S>;
      ok: true;
      videoKey: string;
      correlationId: string;
      video: Video | undefined;
    }
  | {
      index: number;
      file: BatchFile<S>;
      ok: false;
      videoKey: string | undefined;
      correlationId: string;
      /** Always a VideoApiError: anything else thrown (a ledger's write, say) is wrapped, as `cause`. */
      error: VideoApiError;
    };
