/**
 * report.html of a real run against the in-process mock, opened in Chromium with the network off
 * (every host resolves to nothing, the context is offline): it loads nothing but itself, shows every
 * unknown of the spec with the reading the run observed, and axe-core finds no serious or critical
 * accessibility violation.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { unspecifiedIds } from '@video-api/schema';
import { type Chromium, launchChromium } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../src/report/printable.js';
import { writeReports } from '../src/report/write.js';
import type { ContractReport } from '../src/support/types.js';
import { runAgainstMock } from './helpers.js';

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let dir: string;
let report: ContractReport;
let chromium: Chromium;
const requested: string[] = [];
type Page = Awaited<ReturnType<Chromium['context']['newPage']>>;
let page: Page;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-html-'));
  report = await runAgainstMock();
  await writeReports(dir, report);
  chromium = await launchChromium(['--host-resolver-rules=MAP * ~NOTFOUND']);
  await chromium.context.setOffline(true);
  chromium.context.on('request', (request) => requested.push(request.url()));
  page = await chromium.context.newPage();
  await page.goto(pathToFileURL(join(dir, 'report.html')).href);
}, 120_000);

afterAll(async () => {
  await chromium?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('report.html of a run against the mock, offline in Chromium', () => {
  it('loads nothing but itself', () => {
    expect(requested).toEqual([pathToFileURL(join(dir, 'report.html')).href]);
  });

  it('shows every unknown of the spec, each observed one with the reading and evidence of the run', async () => {
    expect(report.observations.filter((o) => o.verdict === 'observed').length).toBeGreaterThan(20);
    for (const id of unspecifiedIds) {
      const section = page.locator(`#unknown-${id}`);
      await expect.poll(() => section.isVisible(), { message: id }).toBe(true);
      const shown = (await section.textContent()) ?? '';
      expect(shown).toContain(id);
      const seen = report.observations.find((o) => o.id === id);
      if (seen?.verdict === 'observed') {
        expect(shown, id).toContain(`Observed reading: ${seen.reading}`);
        expect(shown, id).toContain(printable(seen.evidence).slice(0, 60));
      } else expect(shown, id).toContain('Not observed');
    }
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation (axe-core), in the %s colour scheme',
    async (colorScheme) => {
      await page.emulateMedia({ colorScheme });
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
          }
        ).axe.run();
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.length,
          first: JSON.stringify(v.nodes.slice(0, 2)).slice(0, 900),
        }));
      });
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    },
  );

  it('shows the markup a server sent as text: an injected title neither loads an image nor runs script', async () => {
    const injection = '<img src=x onerror=alert(1)>';
    const failed = {
      name: 'get-video answers 2XX with JSON',
      verdict: 'fail',
      section: '4.3',
      detail: `GET /api/v1/videos/k → 200 {"title":"${injection}"}`,
    } as const;
    const injected = join(dir, 'injected');
    await writeReports(injected, { ...report, checks: [failed, ...report.checks] });
    const tab = await chromium.context.newPage();
    const dialogs: string[] = [];
    tab.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await tab.goto(pathToFileURL(join(injected, 'report.html')).href);
    expect(await tab.locator('img').count()).toBe(0);
    expect(await tab.locator('#checks + table tbody tr').first().textContent()).toContain(`✗ FAIL`);
    expect(await tab.locator('#checks + table tbody tr').first().textContent()).toContain(
      `{"title":"${injection}"}`,
    );
    expect(dialogs).toEqual([]);
    await tab.close();
  });
});
