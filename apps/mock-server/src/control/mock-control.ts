/** The in-process control API of a mock (`app.mock`), mirrored by the admin API under `/__mock/`. */
import type { ReadingChoice, ReadingSet } from '@video-api/schema';
import type { Faults } from '../faults/types.js';
import type { VideoEvent } from '../state/events.js';
import type { StoredSource } from '../state/source-sink.js';
import type { FieldDefinition, JournalEntry, JournalFilter } from '../state/types.js';
import type { WebhookDispatcher } from '../webhooks/types.js';
import type { SeedVideo } from './schemas.js';

/**
 * The control of one state: the default one, or one sandbox's. Every method that reads or changes
 * state is asynchronous (the state may live in a database shared by several processes): await it.
 */
export interface StateControl {
  /**
   * Forgets every video, the journal and the definitions, and restores the start readings. Only
   * this state's: the default state's reset leaves every sandbox as it is, and the other way round.
   */
  reset(): Promise<void>;
  /** Stores videos directly; resolves to their keys. */
  seed(videos: SeedVideo[]): Promise<string[]>;
  /** The received requests, oldest first. */
  journal(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** Moves the virtual clock forward and applies the transitions that came due. */
  advanceClock(ms: number): Promise<void>;
  /** The virtual time, in ms since the epoch. */
  now(): Promise<number>;
  /** Makes a video ready now. */
  makeReady(key: string): Promise<void>;
  /** Makes a video's processing fail now. */
  fail(key: string): Promise<void>;
  /** Sets the server's readings (over the spec's defaults). */
  setReadings(choice: ReadingChoice | Record<string, string>): Promise<void>;
  /** The readings the server plays. */
  getReadings(): Promise<ReadingSet>;
  /**
   * Defines custom fields (readings `custom-field-definition: predefined` and `typed`; under
   * `custom-field-types: any-json` a read shows those a video has no value for as `null`).
   */
  setDefinitions(definitions: FieldDefinition[]): Promise<void>;
  getDefinitions(): Promise<FieldDefinition[]>;
  /** The stored source file of a video, if an upload completed. */
  sourceOf(key: string): Promise<StoredSource | undefined>;
  /** The folders uploads use (`temp` holds files being received); throws where uploads are kept in memory. */
  paths(): { root: string; temp: string; uploads: string };
  /** Resolves when no upload is being received. */
  uploadsSettled(): Promise<void>;
  /** Listens to every state change. Returns a function that stops listening. */
  onEvent(listener: (event: VideoEvent) => void): () => void;
  /** The webhook dispatcher and the faults (see their modules). */
  readonly webhooks: WebhookDispatcher;
  readonly faults: Faults;
  /**
   * Closes the store, timers and the dispatcher; removes the temporary upload folder. On the mock's
   * own control, closes every sandbox first.
   */
  close(): Promise<void>;
}

/**
 * Sandboxes (`app.mock.sandboxes`): independent states of one mock, each with its own videos and
 * keys, clock, readings, journal, faults, webhooks and uploads, addressed by the path prefix
 * `/sandboxes/{name}/…` or the header `X-Mock-Sandbox: {name}`. A sandbox opens on first use with
 * the mock's start options; names match `[A-Za-z0-9][A-Za-z0-9_.-]{0,63}`.
 */
export interface SandboxControl {
  /**
   * The control of sandbox `name`, opened now if it is not open. Throws an HttpError (a mock error,
   * code `sandbox-name` or `sandbox-limit`) for a bad name or one sandbox too many.
   */
  get(name: string): StateControl;
  /** Whether sandbox `name` is open. */
  has(name: string): boolean;
  /**
   * The names of the sandboxes: those open in this process, oldest first, then (on a database
   * other processes share) those made through any of them.
   */
  list(): Promise<string[]>;
  /** Closes sandbox `name` and removes what it held (uploads, temporary files); false if none was open. */
  delete(name: string): Promise<boolean>;
  /** Closes every sandbox. */
  clear(): Promise<void>;
}

/** The in-process control of a mock: its default state's, and its sandboxes. */
export interface MockControl extends StateControl {
  readonly sandboxes: SandboxControl;
}
