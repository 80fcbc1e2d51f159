/**
 * Processing of an uploaded source (§3) beyond the virtual clock: under Node with ffmpeg, real
 * HLS renditions of the file (src/node/transcode/). The portable core has no processor: every
 * ready video plays the placeholder. A processor either gates readiness (`transcode: 'on'`: ready
 * once its output exists, failed if it cannot read the source) or only adds output (`'auto'`:
 * readiness follows the virtual clock alone, as with no processor, so that the API answers the
 * same whether or not ffmpeg is installed; playback serves its output where it made one).
 */
import type { StoredSource } from './source-sink.js';

/** How the processing of one source ended. */
export type ProcessOutcome = { ok: true } | { ok: false; reason: string };

/** A file of a video's processed output, opened lazily (a HEAD reads the size only). */
export interface OutputFile {
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

/** Makes the playable output of uploaded sources, and gives its files back. */
export interface SourceProcessor {
  /**
   * true: a video becomes ready only once its output exists, and fails if the processor cannot
   * read its source. false: readiness and failure follow the virtual clock alone; the output,
   * where there is one, is served in place of the placeholder.
   */
  readonly gatesReadiness: boolean;
  /**
   * Processes `source` as the source of `key`, replacing any earlier job and output of `key`;
   * `done` is called once when it ends, never for a job that was cancelled.
   */
  start(key: string, source: StoredSource, done: (outcome: ProcessOutcome) => void): void;
  /**
   * Where a processor that runs jobs other processes queued (a shared mock's: transcodes as jobs
   * in its database) reports them: the lifecycle of this process gives it at start, and then every
   * outcome goes there, whoever started the job.
   */
  adopt?(done: (key: string, outcome: ProcessOutcome) => void): void;
  /** How many jobs wait or run, every process's (a shared mock's processor, which keeps them in its database). */
  queued?(): Promise<number>;
  /** Stops the job of `key`, if one runs or waits, and removes the output of `key`. */
  cancel(key: string): void;
  /** Stops every job and removes every output (after a reset of the store). */
  clear(): void;
  /** Stops every job and waits until they are gone; finished output stays. */
  close(): Promise<void>;
  /**
   * A file of the output of `key`: `playlist.m3u8` (the multivariant playlist),
   * `<rendition>/playlist.m3u8` or `<rendition>/<segment>.ts`; undefined if there is none.
   * Waits first for a job of `key` that runs or waits, so that the answer is final.
   */
  open(key: string, path: string): Promise<OutputFile | undefined>;
}
