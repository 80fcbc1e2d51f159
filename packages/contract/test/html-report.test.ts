/**
 * report.html: every unknown of the spec's registry is on the page with its readings and the
 * document's sentence; server text is shown as text, never markup; the page loads nothing.
 */
import { readingsOf, type UnspecifiedMarker, unspecified, unspecifiedIds } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHtml } from '../src/report/html.js';
import type { ContractReport } from '../src/support/types.js';

const INJECTION = '<img src=x onerror=alert(1)>';

const report: ContractReport = {
  target: { baseUrl: 'http://localhost:4010', uploadBaseUrl: 'http://localhost:4010' },
  scope: { profile: 'full', skippedByProfile: [], only: [], skip: [], skippedByChoice: [] },
  startedAt: '2026-11-22T00:00:00.000Z',
  durationMs: 1500,
  seed: 42,
  checks: [
    { name: 'create answers 2XX', verdict: 'pass', section: '4.1', detail: 'status 200' },
    {
      name: 'get-video answers 2XX JSON',
      verdict: 'fail',
      section: '4.3',
      detail: `GET /api/v1/videos/k1 (Authorization: Bearer …) → 200 {"title":"${INJECTION}"} see https://evil.example/x`,
    },
    { name: 'a ready video plays', verdict: 'skipped', section: '2', detail: 'no video became ready' },
  ],
  observations: [
    { id: 'custom-fields-omitted', verdict: 'observed', reading: 'merge', evidence: `kept "${INJECTION}"` },
    { id: 'auth-get-video', verdict: 'not-observed', evidence: 'no --other-token was given' },
    { id: 'video-states', verdict: 'observed', reading: 'other', evidence: 'status "live"' },
  ],
  summary: { passed: 1, failed: 1, skipped: 1, observed: 2, notObserved: 1 },
};

/** The page's tags (`<…>`), without the text between them. */
const tags = (html: string) => html.match(/<[^>]*>/g) ?? [];
/** The page's text: tags removed, entities left as they are (so `&lt;` is text, never a tag). */
const textOnly = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]*>/g, ' ');
/** The section of one unknown. */
const sectionOf = (html: string, id: string) =>
  html.match(new RegExp(`<section class="unknown" id="unknown-${id}"[\\s\\S]*?</section>`))?.[0] ?? '';

describe('report.html', () => {
  const html = toHtml(report);

  it('shows every unknown of the registry, with its section, its sentence and each reading with its sentence', () => {
    for (const id of unspecifiedIds) {
      const marker = unspecified[id] as UnspecifiedMarker;
      const section = sectionOf(html, id);
      expect(section, id).toContain(`<code>${id}</code>`);
      expect(section, id).toContain(`§${marker.source}`);
      const text = textOnly(section)
        .replaceAll('&#39;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
      expect(text).toContain(marker.says);
      for (const reading of readingsOf(id))
        expect(section, `${id} ${reading}`).toContain(`<code>${reading}</code>`);
    }
    expect(html.match(/<section class="unknown"/g)?.length).toBe(unspecifiedIds.length);
  });

  it('marks the observed reading beside those not observed, says why an unknown was not observed', () => {
    const omitted = sectionOf(html, 'custom-fields-omitted');
    expect(omitted).toContain('<strong>Observed reading</strong>: <code>merge</code>');
    expect(omitted).toMatch(/<code>merge<\/code><\/th><td><span class="verdict pass">✓ observed/);
    expect(omitted).toMatch(/<code>replace<\/code><\/th><td><span class="muted">not observed/);
    expect(sectionOf(html, 'auth-get-video')).toContain('no --other-token was given');
    expect(sectionOf(html, 'video-states')).toMatch(
      /<code>other<\/code><\/th><td><span class="verdict pass">✓ observed/,
    );
    expect(sectionOf(html, 'versioning-policy')).toContain('the spec gives it no readings');
    expect(sectionOf(html, 'rate-limits')).toContain('this report holds no observation of it');
  });

  it('an unknown the suite keeps itself (not in the registry) gets its own section after them', () => {
    const local = {
      id: 'legacy-probe',
      verdict: 'observed',
      reading: 'seen',
      evidence: 'kept by an older suite',
    };
    const page = toHtml({ ...report, localObservations: [local] } as unknown as ContractReport);
    expect(page.match(/<section class="unknown"/g)?.length).toBe(unspecifiedIds.length + 1);
    expect(sectionOf(page, 'legacy-probe')).toContain('<strong>Observed reading</strong>: <code>seen</code>');
  });

  it('a failing check shows the request and the answer that decided it, its verdict in words', () => {
    const row = html.split('\n').find((line) => line.includes('get-video answers 2XX JSON')) ?? '';
    expect(row).toContain('✗ FAIL');
    expect(row).toContain('GET /api/v1/videos/k1 (Authorization: Bearer …) → 200');
    expect(html).toContain('– skipped');
    expect(html).toContain('✓ pass');
  });

  it('shows server text as text: an HTML injection in a title is escaped wherever it appears', () => {
    expect(html).not.toContain(INJECTION);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(tags(html).some((tag) => tag.includes('onerror'))).toBe(false);
  });

  it('loads nothing: no script, no resource attribute, no url() or @import; "://" only in text from the report', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|<embed/i);
    for (const tag of tags(html)) {
      expect(tag).not.toMatch(/\s(src|srcset|action|poster|data|background)=/i);
      expect(tag).not.toMatch(/\shref="(?!#)/);
      expect(tag).not.toContain('://');
    }
    expect(html).not.toMatch(/url\(|@import/i);
    const inText = textOnly(html).match(/https?:\/\/[^\s<&"]*/g) ?? [];
    expect(inText.sort()).toEqual(
      [
        'http://localhost:4010',
        'http://localhost:4010',
        'http://localhost:4010',
        'https://evil.example/x',
      ].sort(),
    );
  });

  it('stays free of markup from a server for any text (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, evidence) => {
        const page = toHtml({
          ...report,
          checks: [{ name, detail: evidence, verdict: 'fail', section: '7' }],
          observations: [{ id: 'list-order', verdict: 'observed', reading: 'kept', evidence }],
        });
        expect(tags(page)).toEqual(
          tags(
            toHtml({
              ...report,
              checks: [{ name: 'n', detail: 'd', verdict: 'fail', section: '7' }],
              observations: [{ id: 'list-order', verdict: 'observed', reading: 'kept', evidence: 'e' }],
            }),
          ),
        );
      }),
      { numRuns: 200 },
    );
  });
});
