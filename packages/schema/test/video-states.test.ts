/** The state words come from the spec's meaning, and each word tells readiness one way. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingsOf } from '../src/unspecified.js';
import { FAILED_STATE, READY_STATE, stateMeaning, stateWords, videoStates } from '../src/video-states.js';

describe('video states', () => {
  it('are the words of each reading', () => {
    expect(stateWords('basic')).toEqual(['created', 'processing', 'ready', 'failed']);
    expect(videoStates).toEqual(['created', 'uploading', 'uploaded', 'processing', 'ready', 'failed']);
  });

  it.each(readingsOf('video-states'))(
    '%s: uses the ready and failed words, and its words are among all words',
    (reading) => {
      expect(stateWords(reading)).toContain(READY_STATE);
      expect(stateWords(reading)).toContain(FAILED_STATE);
      for (const word of stateWords(reading)) expect(videoStates).toContain(word);
    },
  );

  it.each(videoStates)('%s tells readiness as its reading means it', (word) => {
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
