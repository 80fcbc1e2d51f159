/** No observation is drawn from a 5xx answer: the server failed, it did not choose a reading. */
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { failures, observation, runAgainstMock } from './helpers.js';

type Fetch = Target['fetch'];
const internalError = () => Response.json({ message: 'internal error' }, { status: 500 });

/** The mock, answering 500 where `broken` says so (the request's body is read from a clone). */
const fiveHundredWhen =
  (broken: (request: Request, body: unknown) => boolean) =>
  (fetch: Fetch): Fetch =>
  async (request) => {
    const body = await request
      .clone()
      .json()
      .catch(() => undefined);
    return broken(request, body) ? internalError() : fetch(request);
  };

/** The custom-field-definition probe writes one never-defined field named `contract_…`. */
const definitionProbe = (request: Request, body: unknown) => {
  const fields = (body as { simpleCustomFields?: object } | undefined)?.simpleCustomFields;
  return (
    request.method === 'PUT' &&
    fields !== undefined &&
    Object.keys(fields).some((n) => n.startsWith('contract_'))
  );
};
/** The error probe sends `{ projectKey: 42 }` to create. */
const errorProbe = (request: Request, body: unknown) =>
  request.method === 'POST' && JSON.stringify(body) === '{"projectKey":42}';

describe('a server that answers 500 on a probe', () => {
  it('custom-field-definition: not observed, with the status, rather than "other"', async () => {
    const report = await runAgainstMock({}, fiveHundredWhen(definitionProbe));
    expect(failures(report)).toEqual([]);
    expect(observation(report, 'custom-field-definition')).toMatchObject({
      id: 'custom-field-definition',
      verdict: 'not-observed',
      evidence: expect.stringMatching(
        /^the server answered 5xx \(500\): PUT \/api\/v1\/videos\/[^/]+\/custom-fields → 500 application\/json \{"message":"internal error"\}$/,
      ),
    });
  });

  it('error-codes and error-shape: neither is read from the 500 body', async () => {
    const report = await runAgainstMock({}, fiveHundredWhen(errorProbe));
    expect(failures(report)).toEqual([]);
    for (const id of ['error-codes', 'error-shape']) {
      expect(observation(report, id)).toMatchObject({
        verdict: 'not-observed',
        evidence: expect.stringMatching(/^the server answered 5xx \(500\): POST \/api\/v1\/videos → 500 /),
      });
    }
  });

  it('the rest of the run is observed as usual', async () => {
    const report = await runAgainstMock({}, fiveHundredWhen(errorProbe));
    const notObserved = report.observations.filter((o) => o.verdict === 'not-observed').map((o) => o.id);
    expect(notObserved).toEqual(['error-codes', 'error-shape']);
  });
});
