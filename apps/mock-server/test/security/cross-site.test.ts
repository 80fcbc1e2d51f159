/**
 * Issue 23, acceptance: a page of another site the developer happens to open (`evil.test`, a
 * second local server, in Chromium) cannot read the journal or a video, nor reset, switch
 * readings, inject faults, register webhooks or create videos, by any way its script can send a
 * request. The same page against a mock opened deliberately shows that each attack is real.
 */
import type { Listening } from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACKS, type Attack, attackFrom, METADATA_URL, preflighted, SEEDED } from './support/attacks.js';
import { type Browser, EVIL, launchBrowser, servePages } from './support/browser.js';
import { expectEffect, tryFrom, type WatchedMock, watchMock } from './support/mock-state.js';

let mock: WatchedMock;
let opened: WatchedMock;
let pages: Listening;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [mock, opened, pages, browser] = await Promise.all([
    watchMock(),
    watchMock({ corsOrigins: ['*'], adminCorsOrigins: ['*'] }),
    servePages(),
    launchBrowser(),
  ]);
  page = await browser.open(`http://${EVIL}:${pages.port}/`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([mock?.close(), opened?.close(), pages?.close()]);
});

/** Whether the attack would work on an open mock: a read the page can see, a body the mock takes. */
const lands = ({ aim, vector, body, headers }: Attack) =>
  aim === 'leak'
    ? vector === 'fetch'
    : body === undefined || headers?.['content-type'] === 'application/json';

describe(`a page of ${EVIL}, against the mock as a user starts it`, () => {
  it.each(ATTACKS)('$name ($vector $method $path): 403, nothing read, nothing changed', async (attack) => {
    await mock.seed();
    const before = await mock.snapshot();
    const [from, refusedFrom] = [mock.requests.length, mock.refusals.length];
    const seen = await attackFrom(page, mock.url, attack);
    // A refused preflight: the request itself is never sent. Anything else: the mock's own 403.
    if (preflighted(attack)) expect(seen.outcome).toMatch(/^error TypeError/);
    expect(seen.answers).not.toEqual([]);
    expect(seen.answers).toEqual(
      seen.answers.map(({ method }) => ({ method, status: 403, mockError: 'origin-not-allowed' })),
    );
    expect(seen.read).not.toContain(SEEDED.title);
    expect(seen.read).not.toContain(SEEDED.key);
    // Refused before anything happens: logged as refused, one line per answer, never journalled.
    expect(mock.refusals.slice(refusedFrom)).toEqual(
      seen.answers.map(({ method }) => ({
        code: 'origin-not-allowed',
        method,
        url: `${mock.url}${attack.path}`,
      })),
    );
    expect(mock.loggedSince(from, attack.path)).toEqual([]);
    expect(await mock.snapshot()).toEqual(before);
  });
});

describe(`the same page, against a mock opened deliberately (every CORS origin allowed)`, () => {
  it.each(ATTACKS.filter(lands))('$name ($vector $method $path) works', async (attack) => {
    const tried = await tryFrom(page, opened, attack);
    if (attack.aim !== 'targets') return expectEffect(attack, tried);
    // The webhook target rule holds whatever the origins: the page reads why, nothing is registered.
    expect(tried.seen.outcome).toBe('cors 400');
    expect(tried.seen.read).toContain('--allow-webhook-target');
    expect(tried.seen.read).toContain(new URL(METADATA_URL).hostname);
    expect(tried.after).toEqual(tried.before);
  });
});
