/** rate-limits is observed as 429-retry-after only when the 429's Retry-After is one every layer can read. */
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { observation, runAgainstMock } from './helpers.js';

/** Rewrites the Retry-After of every 429 the mock sends. */
const retryAfterOf =
  (value: string) =>
  (fetch: Target['fetch']): Target['fetch'] =>
  async (request) => {
    const response = await fetch(request);
    if (response.status !== 429) return response;
    const headers = new Headers(response.headers);
    headers.set('retry-after', value);
    return new Response(response.body, { status: 429, headers });
  };

describe('the rate-limits observation', () => {
  // [Retry-After sent, reading observed]
  const table: Array<[string, string]> = [
    ['1.5', '429-retry-after'],
    ['soon', 'other'],
  ];
  it.each(table)('a 429 with Retry-After %j is observed as %s', async (value, reading) => {
    const report = await runAgainstMock({ 'rate-limits': '429-retry-after' }, retryAfterOf(value));
    expect(observation(report, 'rate-limits')).toMatchObject({ verdict: 'observed', reading });
    expect(observation(report, 'rate-limits')?.evidence).toContain(`Retry-After: ${value}`);
  });
});
