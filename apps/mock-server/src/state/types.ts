/** The state the mock keeps: video records, their phases, definitions, journal entries. */
import type { CreateVideoEntry, FieldKind, MeaningOf } from '@video-api/schema';
import type { StoredSource } from './source-sink.js';

/**
 * The lifecycle phases the mock tracks: the words of the `video-states` reading `detailed`; each
 * reading maps them to the states a client sees (§3, `stateOf`).
 */
export type Phase = MeaningOf<'video-states', 'detailed'>['words'][number];

/** A custom field value in one of the five JSON forms of §2. */
export type FieldValue = string | number | boolean | string[];

/** One video as the store keeps it: every member of its create entry (§4.1, the generated type), and the mock's own. */
export interface VideoRecord extends CreateVideoEntry {
  key: string;
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

/** One part of a multipart request as the journal shows it: never the part's bytes. */
export interface UploadPart {
  name: string;
  filename?: string;
  contentType?: string;
  bytes: number;
}

/** What the upload receiver tells the journal of a multipart request it read. */
export interface UploadSummary {
  kind: 'multipart';
  parts: UploadPart[];
}

/**
 * A body as the journal shows it: text (JSON, plain text) up to 64 Ki characters, with the length
 * of the whole in characters (UTF-16 code units); a form as its parts; anything else (video, HLS)
 * as its type and length; `unknown` where it was not kept (read by nobody, or already gone).
 */
export type JournalBody =
  | { kind: 'none' }
  | { kind: 'text'; contentType?: string; text: string; length: number; truncated: boolean }
  | { kind: 'multipart'; contentType?: string; bytes?: number; parts: UploadPart[] }
  | { kind: 'binary'; contentType?: string; bytes?: number }
  | { kind: 'unknown'; contentType?: string; bytes?: number };

/** A request or response of a journal entry: its headers (Authorization cut to its scheme) and body. */
export interface JournalMessage {
  headers: Record<string, string>;
  body: JournalBody;
}

/** A journal entry with its request and response, while they are among the newest kept. */
export interface JournalExchange {
  entry: JournalEntry;
  /** Whether the bodies are still kept (only the newest 200 requests' are). */
  kept: boolean;
  request?: JournalMessage;
  response?: JournalMessage & { status: number };
}

export interface JournalFilter {
  method?: string;
  path?: string;
  operationId?: string;
  /** An ISO time or a sequence number: only entries after it. */
  since?: string | number;
}
