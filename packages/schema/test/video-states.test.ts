/** The state words come from the spec's meaning, and each word tells readiness one way. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingsOf } from '../src/unspecified.js';
import {
  allStateWords,
  FAILED_STATE,
  READY_STATE,
  stateMeaning,
  stateWords,
  videoStates,
} from '../src/video-states.js';

describe('video states', () => {
  it('are the words of each reading', () => {
    expect(stateWords('basic')).toEqual(['created', 'processing', 'ready', 'failed']);
    expect(videoStates).toEqual(['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed']);
    expect(stateWords('processing-stages')).toEqual([
      'Source waiting',
      'Source ingression',
      'Processing',
      'Partially completed',
      'ready',
      'failed',
    ]);
  });

  it.each(readingsOf('video-states'))(
    '%s: uses some of the phases, or a word of its own for each phase in order',
    (reading) => {
      const words = stateWords(reading);
      const some = words.every((word) => videoStates.includes(word));
      expect(some || words.length === videoStates.length).toBe(true);
    },
  );

  it.each(readingsOf('video-states'))(
    '%s: uses the ready and failed words, and its words are among all words',
    (reading) => {
      expect(stateWords(reading)).toContain(READY_STATE);
      expect(stateWords(reading)).toContain(FAILED_STATE);
      for (const word of stateWords(reading)) expect(allStateWords).toContain(word);
    },
  );

  it.each(allStateWords)('%s tells readiness as its reading means it', (word) => {
    const expected = word === READY_STATE ? 'ready' : word === FAILED_STATE ? 'failed' : 'in-progress';
    expect(stateMeaning(word)).toBe(expected);
  });

  // [word, meaning]
  const synonyms: Array<[string, string]> = [
    ['COMPLETED', 'ready'],
    ['available', 'ready'],
    ['error', 'failed'],
    ['Rejected', 'failed'],
    ['queued', 'in-progress'],
    ['in_progress', 'in-progress'],
    ['In Progress', 'in-progress'],
    ['PARTIALLY_COMPLETED', 'in-progress'],
    ['source waiting', 'in-progress'],
    ['archived', 'unknown'],
    ['', 'unknown'],
  ];
  it.each(synonyms)('reads %j as %s', (word, meaning) => {
    expect(stateMeaning(word)).toBe(meaning);
  });

  it('ignores case (property)', () => {
    fc.assert(
      fc.property(fc.string(), (word) => {
        expect(stateMeaning(word.toUpperCase())).toBe(stateMeaning(word.toLowerCase()));
      }),
    );
  });
});
