/**
 * Failure messages cap what they print of a value: a target that answers a 340 KB string where a
 * URL or a field value is expected gets a short message that says the value's length.
 */
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { runAgainstMock } from './helpers.js';

const HUGE = 'A'.repeat(348_160);

/** The mock, with `edit` applied to the JSON of the answers `where` picks. */
const editing =
  (where: (request: Request) => boolean, edit: (body: unknown) => void) =>
  (fetch: Target['fetch']): Target['fetch'] =>
  async (request) => {
    const response = await fetch(request);
    if (!where(request) || response.status !== 200) return response;
    const body: unknown = await response.json();
    edit(body);
    return Response.json(body, { status: response.status, headers: response.headers });
  };

describe('a 340 KB value in an answer', () => {
  it('where create gives the HLS URL: the failure says its length and shows its first characters only', async () => {
    const create = (r: Request) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/videos';
    const report = await runAgainstMock(
      {},
      editing(create, (videos) => {
        for (const video of videos as Array<{ primaryPlaybackUrl: { hls: { url: string } } }>) {
          video.primaryPlaybackUrl.hls.url = HUGE;
        }
      }),
    );
    const check = report.checks.find(
      (c) => c.name === 'the HLS address is a URL with the video key in its path',
    );
    expect(check?.verdict).toBe('fail');
    expect(check?.detail).toContain('a string of 348,160 characters: "AAAA');
    expect(check?.detail).toContain('(first 200)');
    expect(check?.detail.length).toBeLessThan(500);
    expect(JSON.stringify(report).length).toBeLessThan(100_000);
  });

  it('where get-video gives a custom field back: the round-trip failure says its length', async () => {
    const get = (r: Request) =>
      r.method === 'GET' && /^\/api\/v1\/videos\/[^/]+$/.test(new URL(r.url).pathname);
    const report = await runAgainstMock(
      {},
      editing(get, (video) => {
        (video as { simpleCustomFields: Record<string, unknown> }).simpleCustomFields.note = HUGE;
      }),
    );
    const check = report.checks.find(
      (c) => c.name === 'a string (free text note) value round-trips through update and get',
    );
    expect(check?.verdict).toBe('fail');
    expect(check?.detail).toMatch(/read a string of 348,160 characters: "A{200}…" \(first 200\)/);
    for (const c of report.checks) expect(c.detail.length, c.name).toBeLessThan(2_000);
  });
});
