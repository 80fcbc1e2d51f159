/** Types of batch uploads. */
import type { SimpleCustomFields, Video } from '@video-api/schema';
import type { UploadProgress } from '../types.js';
import type { WaitOptions } from '../wait/types.js';

/** One file of a batch. */
export interface BatchFile<S> {
  source: S;
  /** Title of the video (§4.1); default: the source's name, else "video N". */
  title?: string;
  tags?: string[];
  /** Custom fields written after creation, with the correlation id. */
  customFields?: SimpleCustomFields;
  /**
   * A stable id for this file. Give the same id on a rerun (e.g. a hash of path, size and mtime)
   * so that a crashed or failed run can be resumed without making duplicates. Default: random.
   */
  correlationId?: string;
}

/** Where a batch remembers which correlation id got which video. */
export interface UploadLedger {
  get(correlationId: string): Promise<LedgerEntry | undefined> | LedgerEntry | undefined;
  set(correlationId: string, entry: LedgerEntry | undefined): Promise<void> | void;
}

export interface LedgerEntry {
  /** `creating`: a create was sent and its outcome is unknown; `created`: key known; `uploaded`. */
  state: 'creating' | 'created' | 'uploaded';
  videoKey?: string;
}

export type BatchPhase = 'creating' | 'uploading' | 'processing' | 'done' | 'failed';

export interface BatchProgress {
  index: number;
  phase: BatchPhase;
  videoKey?: string;
  upload?: UploadProgress;
  error?: Error;
}

export interface BatchOptions {
  /** Key of the project the videos go to (§4.1). */
  projectKey: string;
  /** Uploads running at once (default 3). */
  concurrency?: number;
  /** Videos per create request (default 10; the limit is unknown, §8). */
  batchSize?: number;
  onProgress?: (event: BatchProgress) => void;
  /** Wait for each video to be ready: true, or the options of `waitForReady`. */
  wait?: boolean | WaitOptions;
  /** Where correlation ids are remembered (default: in memory, for this run only). */
  ledger?: UploadLedger;
  /** Custom field that carries the correlation id (default "uploadCorrelationId"). */
  correlationField?: string;
  signal?: AbortSignal;
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
      error: Error;
    };
