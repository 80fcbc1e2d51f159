/**
 * Headless Chromium for browser tests: Debian's package (or CHROMIUM_PATH) driven by
 * playwright-core, with a throwaway profile. Playwright's own browser download cannot be used
 * (no network beyond the registries), so the executable is the system's.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Where Chromium is looked for: CHROMIUM_PATH, else Debian's `/usr/bin/chromium`. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running browser context; `close()` also removes its profile folder. */
export interface Chromium {
  context: BrowserContext;
  /** The throwaway profile folder. */
  profile: string;
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh profile; extra command-line flags may be added. */
export async function launchChromium(extraFlags: string[] = []): Promise<Chromium> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'video-api-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [...FLAGS, ...extraFlags],
    });
    return {
      context,
      profile,
      async close() {
        await context.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
