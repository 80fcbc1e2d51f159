/**
 * The mock as the developer's own tools see it, from Node (no Origin, no Sec-Fetch-*): started as a
 * user runs it (`startServer`, its log at the CLI's `info` level collected), seeded with a secret
 * video, and a snapshot of what an attack could change.
 */

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PREFIX, specOperation } from '../../../src/http/operations.js';
import { type RunningServer, type ServerOptions, startServer } from '../../../src/node/index.js';
import { AUTH } from '../../support/api.js';
import { type Answer, type Attack, attackFrom, SEEDED, type Seen } from './attacks.js';

/** One request line of the mock's log. */
/** One `refused` line of the mock's log: a request the access guard answered 403 before anything. */
interface Refusal {
  code: string;
  method: string;
  url: string;
}

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

export interface WatchedMock {
  server: RunningServer;
  url: string;
  /** Requests the mock logged (admin ones included), oldest first. */
  requests: LoggedRequest[];
  /** Requests the access guard refused (logged, never journalled), oldest first. */
  refusals: Refusal[];
  /** Forgets everything and seeds the secret video, ready. */
  seed(): Promise<void>;
  /** What an attack could change, read through the admin API and the public API. */
  snapshot(): Promise<Snapshot>;
  /** The requests to `path` the mock logged after the `from`-th. */
  loggedSince(from: number, path: string): LoggedRequest[];
  close(): Promise<void>;
}

interface Snapshot {
  video: number;
  created: number;
  readings: unknown;
  faults: unknown;
  targets: unknown;
}

const videoPath = (key: string) => specOperation('getVideo').specPath.replace('{videoKey}', key);

/** Starts the mock on a free port with `options` (a user's defaults otherwise). */
export async function watchMock(options: ServerOptions = {}): Promise<WatchedMock> {
  const requests: LoggedRequest[] = [];
  const refusals: Refusal[] = [];
  const logger = (line: string) => {
    const { msg, ...entry } = JSON.parse(line) as { msg?: string } & LoggedRequest & Refusal;
    if (msg === 'request') requests.push({ method: entry.method, path: entry.path, status: entry.status });
    if (msg === 'refused') refusals.push({ code: entry.code, method: entry.method, url: entry.url });
  };
  const server = await startServer({ port: 0, logLevel: 'info', logger, ...options });
  const url = server.url;
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${ADMIN_PREFIX}${path}`, {
      method,
      ...(body !== undefined && {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    });
    expect(response.ok, `${method} ${ADMIN_PREFIX}${path}: ${response.status}`).toBe(true);
    return (response.status === 204 ? {} : await response.json()) as Record<string, unknown>;
  };
  /** Videos created over the API since the last reset (the journal's 2xx of createVideos). */
  const created = async () => {
    const journal = await admin('GET', '/journal?operationId=createVideos');
    return (journal.entries as { status: number }[]).filter(({ status }) => status < 300).length;
  };
  const status = async (key: string) => (await fetch(`${url}${videoPath(key)}`, { headers: AUTH })).status;
  return {
    server,
    url,
    requests,
    refusals,
    async seed() {
      await admin('POST', '/reset');
      await admin('POST', '/seed', { videos: [{ key: SEEDED.key, title: SEEDED.title, phase: 'ready' }] });
      await status(SEEDED.key); // the journal now names the video
    },
    async snapshot() {
      return {
        video: await status(SEEDED.key),
        created: await created(),
        readings: (await admin('GET', '/readings')).readings,
        faults: (await admin('GET', '/faults')).rules,
        targets: (await admin('GET', '/webhooks')).targets,
      };
    },
    loggedSince: (from, path) => requests.slice(from).filter((entry) => entry.path === path),
    close: () => server.close(),
  };
}

/** An attack tried on a freshly seeded mock: what the page saw, the state before and after. */
export interface Tried {
  seen: Seen & { answers: Answer[] };
  before: Snapshot;
  after: Snapshot;
}

/** Seeds `mock`, sends `attack` from `page` to `base` (the mock's URL unless the page reaches it by another name). */
export async function tryFrom(
  page: Page,
  mock: WatchedMock,
  attack: Attack,
  base = mock.url,
): Promise<Tried> {
  await mock.seed();
  const before = await mock.snapshot();
  const seen = await attackFrom(page, base, attack);
  return { seen, before, after: await mock.snapshot() };
}

/** Asserts that the attack did what it aims at: the page read the secret, or the state changed. */
export function expectEffect({ aim }: Attack, { seen, before, after }: Tried): void {
  if (aim === 'leak') expect(seen.read).toMatch(new RegExp(`${SEEDED.key}|${SEEDED.title}`));
  else expect(after[aim]).not.toEqual(before[aim]);
}

/** Asserts that the attack did nothing: the page read neither the secret title nor its key, no state changed. */
export function expectNoEffect({ seen, before, after }: Tried): void {
  expect(seen.read).not.toContain(SEEDED.title);
  expect(seen.read).not.toContain(SEEDED.key);
  expect(after).toEqual(before);
}
