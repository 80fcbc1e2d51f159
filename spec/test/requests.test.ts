/** The `requests` member of a reading's meaning: a named example or a reason, on operations of the spec. */
import { describe, expect, it } from 'vitest';
import { requestsProblems } from '../tools/requests.js';

const OPERATIONS = new Set(['createVideos', 'getVideo']);
const problems = (requests: unknown) => requestsProblems(requests, OPERATIONS, 'm: meaning of "r"');

describe('requests of a reading', () => {
  it('accepts a named example and a reason', () => {
    expect(
      problems([
        { name: 'emptyVideos', on: ['createVideos'], body: { videos: [] }, statusOf: 'error-codes' },
        { on: ['getVideo'], status: 401, none: 'A wrong token is needed.' },
      ]),
    ).toEqual([]);
  });

  it.each([
    [{ on: ['getVideo'] }, 'give either name'],
    [{ on: ['getVideo'], name: 'a', none: 'why not' }, 'give either name'],
    [{ on: ['deleteVideo'], name: 'a' }, 'not an operation of the spec'],
    [{ on: [], name: 'a' }, 'on must list operation ids'],
    [{ on: ['getVideo'], name: 'two words' }, 'letters and digits'],
    [{ on: ['getVideo'], name: 'a', path: { videoKey: 1 } }, 'path must map'],
    [{ on: ['getVideo'], none: 'why', body: {} }, 'no path or body'],
    [{ on: ['getVideo'], name: 'a', status: 200 }, 'error statuses'],
    [{ on: ['getVideo'], name: 'a', extra: 1 }, 'unknown member "extra"'],
  ])('refuses %j, saying %s', (request, message) => {
    const found = problems([request]);
    expect(found.join('\n')).toContain(message);
    expect(found.join('\n')).toContain('requests[0]');
  });

  it('refuses a requests member that is not a list', () => {
    expect(problems({})).toEqual(['m: meaning of "r": requests must be a list']);
  });
});
