/**
 * launchChromium: a real headless Chromium whose profile folder is gone after close();
 * sourceArgs: a TypeScript file run by plain Node with the workspace's resolution.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchChromium, sourceArgs } from '../src/index.js';

describe('launchChromium', () => {
  it('runs pages in headless Chromium and removes its profile on close', async () => {
    const browser = await launchChromium();
    expect(existsSync(browser.profile)).toBe(true);
    const page = await browser.context.newPage();
    await page.setContent('<p id="x">ready</p>');
    const seen = await page.evaluate(() => ({
      headless: navigator.userAgent.includes('HeadlessChrome'),
      text: document.getElementById('x')?.textContent,
    }));
    expect(seen).toEqual({ headless: true, text: 'ready' });
    await browser.close();
    expect(existsSync(browser.profile)).toBe(false);
    await browser.close(); // a second close is harmless
  });
});

describe('sourceArgs', () => {
  it('runs a TypeScript file, resolving this workspace package by name', () => {
    const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.source-args-'));
    try {
      const entry = join(dir, 'entry.ts');
      writeFileSync(
        entry,
        "import { sourceArgs } from '@video-api/test-support';\nconst args: string[] = sourceArgs('x.ts');\nconsole.log(import.meta.resolve('@video-api/test-support') + ' ' + args.length);\n",
      );
      const output = execFileSync(process.execPath, sourceArgs(entry), { encoding: 'utf8' });
      expect(output).toMatch(/tests\/support\/src\/index\.ts 4\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
