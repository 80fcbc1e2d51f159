/**
 * What a state word tells (§3, §4.3 do not say which word means ready): read through the one
 * vocabulary of `@video-api/schema` (`stateMeaning`), the readings' words and the usual synonyms.
 */
import { stateMeaning } from '@video-api/schema';

/** Whether a state word names a video that is ready. */
export const isReadyWord = (word: string) => stateMeaning(word) === 'ready';

/** Whether a state word names a processing that failed. */
export const isFailedWord = (word: string) => stateMeaning(word) === 'failed';

/** `word` when it names a state the video stays in that is not ready (neither ready nor in progress). */
export const settledBy = (word: string): string | undefined =>
  word !== '' && stateMeaning(word) !== 'ready' && stateMeaning(word) !== 'in-progress' ? word : undefined;
