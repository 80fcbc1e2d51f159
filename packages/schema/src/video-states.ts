/**
 * The state words of a video (§3: "Video states: not shown"): the words each `video-states` reading
 * uses, from the spec's meaning, and what a state word tells about readiness (§4.3), including the
 * words real services use beyond the readings.
 */
import { videoStatesMeaning } from './generated/meaning.js';
import type { MeaningOf, ReadingOf } from './unspecified.js';

/** A state word of one of the `video-states` readings. */
export type VideoState = MeaningOf<'video-states', ReadingOf<'video-states'>>['words'][number];

/**
 * The words a `video-states` reading uses, in the order of a video's life.
 *
 * @example
 * stateWords('basic'); // ['created', 'processing', 'ready', 'failed']
 */
export function stateWords(reading: ReadingOf<'video-states'>): readonly VideoState[] {
  // The meaning of video-states alone (not the whole registry), so that a client bundle stays small.
  return videoStatesMeaning[reading].words;
}

/**
 * The phases of a video's life, in order: the words of `detailed`. Every other reading uses some of
 * them (`basic`) or names each with a word of its own, one to one in this order (`processing-stages`).
 */
export const videoStates: readonly VideoState[] = stateWords('detailed');

/** Every state word of every reading, each once. */
export const allStateWords: readonly VideoState[] = [
  ...new Set((Object.keys(videoStatesMeaning) as ReadingOf<'video-states'>[]).flatMap(stateWords)),
];

/** A state word as the vocabulary compares it: case, `_` and spaces do not count. */
const wordKey = (word: string) => word.trim().toLowerCase().replace(/[_ ]/g, '-');

/** The word that means ready, in every reading. */
export const READY_STATE = 'ready' satisfies VideoState;
/** The word that means processing failed, in every reading. */
export const FAILED_STATE = 'failed' satisfies VideoState;

/** What a state word tells: the video is ready, failed, still on its way, or the word is not known. */
export type StateMeaning = 'ready' | 'failed' | 'in-progress' | 'unknown';

/** Words read as ready: the readings' word and the ones real services use for it. */
const READY = new Set([
  'ready',
  'available',
  'complete',
  'completed',
  'done',
  'finished',
  'published',
  'succeeded',
]);
/** Words of a processing that failed. */
const FAILED = new Set(['failed', 'failure', 'error', 'errored', 'rejected']);
/** Words of a video still on its way: every reading's other words, and the usual ones. */
const IN_PROGRESS = new Set([
  ...allStateWords.filter((word) => word !== READY_STATE && word !== FAILED_STATE).map(wordKey),
  'new',
  'pending',
  'queued',
  'waiting',
  'received',
  'transcoding',
  'encoding',
  'preparing',
  'in-progress',
]);

/**
 * What a state word tells about readiness, case and `_`/space insensitive. The readings' own words
 * first (`ready`, `failed`, the others in progress, `Partially completed` too), then the usual synonyms (`completed`, `error`,
 * `queued`, …); any other word is `unknown`.
 *
 * @example
 * stateMeaning('processing'); // 'in-progress'
 * stateMeaning('COMPLETED'); // 'ready'
 * stateMeaning('archived'); // 'unknown'
 */
export function stateMeaning(word: string): StateMeaning {
  const key = wordKey(word);
  if (READY.has(key)) return 'ready';
  if (FAILED.has(key)) return 'failed';
  if (IN_PROGRESS.has(key)) return 'in-progress';
  return 'unknown';
}
