/**
 * A contract report opened in the console (Chromium, keyboard for the button): beside each unknown
 * what the run observed of it, and the button that plays the observed readings, so the next answer
 * from Node plays them.
 */
import { mockReadings, readingsOf } from '@video-api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenConsole, openConsole } from './open-console.js';

let opened: OpenConsole;

beforeAll(async () => {
  opened = await openConsole();
}, 60_000);
afterAll(() => opened?.close());

describe('a contract report in the console', () => {
  it('shows what the run observed and plays it', async () => {
    const { page, server } = opened;
    const observedShape = readingsOf('error-shape').find(
      (reading) => reading !== mockReadings()['error-shape'],
    );
    const report = {
      checks: [],
      observations: [
        { id: 'error-shape', verdict: 'observed', reading: observedShape, evidence: 'a 404 answer' },
        { id: 'status-codes', verdict: 'not-observed', evidence: 'no create answered' },
      ],
    };
    await page.setInputFiles('#report-file', {
      name: 'report.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(report)),
    });
    const shown = (id: string) => page.locator(`[data-reported="${id}"]`).textContent();
    await expect.poll(() => shown('error-shape')).toBe(` · report: observed ${observedShape}`);
    expect(await shown('status-codes')).toBe(' · report: not-observed');
    expect(await shown('readiness-field')).toBe(' · report: not in the report');
    await page.focus('#report-file');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => ((await server.app.mock.getReadings()) as Record<string, string>)['error-shape'])
      .toBe(observedShape);
    await expect.poll(() => page.locator('[data-playing="error-shape"]').textContent()).toBe(observedShape);
  });
});
