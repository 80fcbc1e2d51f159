import { type ReadingMeaning, type ReadingOf, readingsOf, unspecified } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { AuthError, ValidationError, type VideoApiError } from '../src/errors.js';
import { authStatus, validationStatus } from '../src/http/refusal-statuses.js';
import { errorFromParts } from '../src/http/response-error.js';

type Refusing = 'error-codes' | 'token-refusal';
/** The statuses the spec's meaning gives a reading's refusals. */
const refusalStatuses = <Id extends Refusing>(id: Id, reading: ReadingOf<Id>): number[] => {
  const meaning = (unspecified[id].meaning as Record<string, ReadingMeaning>)[reading];
  return (meaning?.refuses ?? []).map((refusal) => refusal.status);
};

const cases: [Refusing, Record<string, number>, new (...args: never[]) => VideoApiError][] = [
  ['error-codes', validationStatus, ValidationError],
  ['token-refusal', authStatus, AuthError],
];

describe.each(cases)('the readings of %s', (id, table, errorClass) => {
  it('each have the status their meaning in the spec refuses with', () => {
    for (const reading of readingsOf(id)) expect([table[reading]]).toEqual(refusalStatuses(id, reading));
  });

  it(`each make the answer's error a ${errorClass.name}`, () => {
    for (const reading of readingsOf(id)) {
      for (const status of refusalStatuses(id, reading)) {
        const error = errorFromParts(status, new Headers(), '{}', 'getVideo');
        expect(error, `${id}=${reading}: ${status}`).toBeInstanceOf(errorClass);
      }
    }
  });
});
