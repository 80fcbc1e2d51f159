/** The state the mock keeps: video records, their phases, definitions, journal entries. */
import type { FieldKind, MeaningOf } from '@video-api/schema';
import type { StoredSource } from './source-sink.js';

/**
 * The lifecycle phases the mock tracks: the words of the `video-states` reading `detailed`; each
 * reading maps them to the states a client sees (§3, `stateOf`).
 */
export type Phase = MeaningOf<'video-states', 'detailed'>['words'][number];

/** A custom field value in one of the five JSON forms of §2. */
export type FieldValue = string | number | boolean | string[];

/** One video as the store keeps it. */
export interface VideoRecord {
  key: string;
  title: string;
  tags?: string[];
  projectKey: string;
  /** The token that created the video (for the `owner-only` readings). */
  owner: string | undefined;
  customFields: Record<string, FieldValue>;
  phase: Phase;
  /** Virtual time (ms) of creation and last change. */
  createdAt: number;
  updatedAt: number;
  /**
   * Phase changes still to come, on the virtual clock. A step that awaits processing comes due
   * only once the processor (ffmpeg under Node) has finished with the source, and not before `at`.
   */
  schedule: { at: number; phase: Phase; awaitsProcessing?: true }[];
  /** The stored source file, once an upload completed. */
  source?: StoredSource;
  /** The processor made renditions of this source: playback serves them instead of the placeholder. */
  renditions?: true;
}

/** The kinds a custom field may be defined as: one per value form of §2 (`@video-api/schema`). */
export { FIELD_KINDS, type FieldKind } from '@video-api/schema';

/** Definition of a custom field (readings `custom-field-definition: predefined` and `typed`; the kind counts under `typed`). */
export interface FieldDefinition {
  name: string;
  kind?: FieldKind;
}

/** What a request leaves in the journal: times in epoch milliseconds (real and virtual). */
export interface JournalRecord {
  at: number;
  virtualAt: number;
  method: string;
  path: string;
  operationId: string | undefined;
  status: number;
  /** The readings played, in the `X-Mock-Readings` form (`id=reading, id2=reading`). */
  readings: string;
  durationMs: number;
}

/** One received request, as the journal gives it out: numbered, times as ISO strings. */
export type JournalEntry = Omit<JournalRecord, 'at' | 'virtualAt' | 'readings'> & {
  readings: Record<string, string>;
  seq: number;
  time: string;
  virtualTime: string;
};

export interface JournalFilter {
  method?: string;
  path?: string;
  operationId?: string;
  /** An ISO time or a sequence number: only entries after it. */
  since?: string | number;
}
