/**
 * The README's screenshots of the console can still be made: `scripts/console-screenshots.ts`
 * runs (a seeded mock, Chromium) and writes one PNG per panel, each a PNG (signature and IHDR) of
 * plausible dimensions and within the README's budget of 150 KB. No pixel is compared.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleScreenshots, PANELS } from '../../scripts/console-screenshots.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const dir = mkdtempSync(join(tmpdir(), 'video-api-screenshots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/console-screenshots.ts', () => {
  it('writes one small PNG per panel, cropped to it', async () => {
    const files = await consoleScreenshots(dir);
    expect(Object.keys(files)).toEqual([...PANELS]);
    for (const panel of PANELS) {
      const png = readFileSync(files[panel]);
      expect([...png.subarray(0, 8)], panel).toEqual(SIGNATURE);
      expect(png.toString('latin1', 12, 16), panel).toBe('IHDR');
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(width, panel).toBeGreaterThanOrEqual(400);
      expect(width, panel).toBeLessThanOrEqual(1000);
      expect(height, panel).toBeGreaterThanOrEqual(100);
      expect(height, panel).toBeLessThanOrEqual(800);
      expect(png.length, panel).toBeLessThanOrEqual(150 * 1024);
    }
  }, 120_000);
});
