/**
 * §4.1 states one element per requested video, not their order: a server that answers create in
 * another order passes, and the order is observed (`create-answer-order`).
 */
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { failures, observation, runAgainstMock } from './helpers.js';

type Fetch = Target['fetch'];
/** The mock, with the elements of every create answer put in the order `reorder` gives. */
const createAnswered =
  (reorder: (elements: unknown[]) => unknown[]) =>
  (fetch: Fetch): Fetch =>
  async (request) => {
    const response = await fetch(request);
    const create = request.method === 'POST' && new URL(request.url).pathname === '/api/v1/videos';
    if (!create || !response.ok) return response;
    const body = (await response.json()) as unknown[];
    // Only the create of the three videos of the create checks; one-video creates stay as they are.
    if (body.length !== 3) return Response.json(body, { status: response.status, headers: response.headers });
    return Response.json(reorder(body), { status: response.status, headers: response.headers });
  };

describe('a server that answers create in reverse order', () => {
  it('passes every check, and the order is observed as reverse-order', async () => {
    const report = await runAgainstMock(
      {},
      createAnswered((elements) => [...elements].reverse()),
    );
    expect(failures(report)).toEqual([]);
    expect(report.stoppedEarly).toBeUndefined();
    expect(observation(report, 'create-answer-order')).toMatchObject({
      id: 'create-answer-order',
      verdict: 'observed',
      reading: 'reverse-order',
      evidence: 'requested videos 0..2 answered as 2, 1, 0',
    });
    expect(
      report.checks.find((c) => c.name === 'create returns one video per requested video'),
    ).toMatchObject({ verdict: 'pass', detail: '3 elements, one per requested title' });
  });
});

describe('a server that answers create in an order of its own', () => {
  it('passes, and the order is observed as any-order, with the order as evidence', async () => {
    const shuffle = ([a, b, c]: unknown[]) => [b, a, c];
    const report = await runAgainstMock({}, createAnswered(shuffle));
    expect(failures(report)).toEqual([]);
    expect(observation(report, 'create-answer-order')).toMatchObject({
      verdict: 'observed',
      reading: 'any-order',
      evidence: 'requested videos 0..2 answered as 1, 0, 2',
    });
  });
});

describe('a server that answers one element twice', () => {
  it('fails the count check, naming it, and the order is not observed', async () => {
    const report = await runAgainstMock(
      {},
      createAnswered(([a, b]) => [a, b, a]),
    );
    expect(failures(report)[0]).toMatch(
      /^§4\.1 create returns one video per requested video: the titles of the elements repeat a requested video: /,
    );
    expect(observation(report, 'create-answer-order')).toMatchObject({ verdict: 'not-observed' });
  });
});

describe('the report', () => {
  it('keeps the order among the observations of the spec, with no local observations', async () => {
    const report = await runAgainstMock();
    expect(report.observations.some((o) => o.id === 'create-answer-order')).toBe(true);
    expect(report.localObservations).toBeUndefined();
  });
});

describe('a server that answers fewer elements than requested', () => {
  it('fails the count check, and the run goes on with the videos it gave', async () => {
    const report = await runAgainstMock(
      {},
      createAnswered(([a, b]) => [a, b]),
    );
    expect(failures(report)).toEqual([
      '§4.1 create returns one video per requested video: asked for 3 videos, got 2',
    ]);
    expect(report.stoppedEarly).toBeUndefined();
  });
});
