/**
 * §2 shows neither whether a string list keeps its order nor a list of all field types: a server
 * that keeps lists as sets, or reads values of other forms, passes, and the suite observes it
 * (`list-order`, `custom-field-types`); a server that loses a string still fails.
 */
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { failures, observation, runAgainstMock } from './helpers.js';

type Fetch = Target['fetch'];
type Fields = Record<string, unknown>;

/** The mock, with the custom fields of every JSON answer that has them changed by `change`. */
const fieldsAnswered =
  (change: (fields: Fields) => Fields) =>
  (fetch: Fetch): Fetch =>
  async (request) => {
    const response = await fetch(request);
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return response;
    const body = (await response.json()) as unknown;
    const fields = (body as { simpleCustomFields?: Fields } | null)?.simpleCustomFields;
    const answered = fields ? { ...(body as object), simpleCustomFields: change(fields) } : body;
    return Response.json(answered, { status: response.status, headers: response.headers });
  };

/** Each string list through `list` (other values as they are). */
const lists = (list: (strings: string[]) => string[]) => (fields: Fields) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, Array.isArray(value) ? list(value) : value]),
  );

describe('a server that keeps string lists as sets (answered sorted)', () => {
  it('passes every check, and the order is observed as any-order, with the lists as evidence', async () => {
    const report = await runAgainstMock({}, fieldsAnswered(lists((strings) => [...strings].sort())));
    expect(failures(report)).toEqual([]);
    expect(report.stoppedEarly).toBeUndefined();
    expect(observation(report, 'list-order')).toMatchObject({
      verdict: 'observed',
      reading: 'any-order',
      evidence: expect.stringContaining('GET ["order-a","order-b","order-c","order-dd"]'),
    });
  });
});

describe('the mock under list-order=any-order', () => {
  it('passes, and its order is observed as any-order', async () => {
    const report = await runAgainstMock({ 'list-order': 'any-order' });
    expect(failures(report)).toEqual([]);
    expect(observation(report, 'list-order')).toMatchObject({
      reading: 'any-order',
      evidence: expect.stringContaining('wrote "topics": ["order-c","order-a","order-dd","order-b"]'),
    });
  });
});

describe('a server that loses the last string of a list', () => {
  it('fails the round trips, naming the field, and the order is other', async () => {
    const report = await runAgainstMock(
      {},
      fieldsAnswered(lists((strings) => (strings.length > 1 ? strings.slice(0, -1) : strings))),
    );
    expect(failures(report).join('\n')).toMatch(/field "topics": wrote \[.*\], read \[/);
    expect(observation(report, 'list-order')).toMatchObject({ reading: 'other' });
  });
});

describe('a server whose reads carry a value of no form of §2', () => {
  it('passes every check, and custom-field-types is observed as any-json, naming the value', async () => {
    const extra = (fields: Fields) => ({ ...fields, layout: { columns: 2 } });
    const report = await runAgainstMock({}, fieldsAnswered(extra));
    expect(failures(report)).toEqual([]);
    expect(observation(report, 'custom-field-types')).toMatchObject({
      verdict: 'observed',
      reading: 'any-json',
      evidence: expect.stringContaining('"layout": {"columns":2}'),
    });
  });
});
