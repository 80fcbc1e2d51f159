/**
 * What a page of another site tries against a mock on the developer's machine (issue 23), one row
 * each: the route, the way the page's own script sends it (a CORS fetch, a no-cors fetch, a form, a
 * beacon, a subresource), and what it would take or change if the mock let it through.
 */
import { idsWithReadings, mockReadings, readingsOf } from '@video-api/schema';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN_PREFIX, isAdminPath, specOperation } from '../../../src/http/operations.js';
import { AUTH } from '../../support/api.js';

/** How the page's script sends a request. */
type Vector = 'fetch' | 'no-cors' | 'form' | 'beacon' | 'img' | 'script';

/** What an attack aims at: something it reads (`leak`), or a part of the state it changes. */
type Aim = 'leak' | 'video' | 'created' | 'readings' | 'faults' | 'targets';

export interface Attack {
  name: string;
  vector: Vector;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  aim: Aim;
}

/**
 * Whether the browser asks the mock first (a CORS preflight): a fetch with a method other than GET
 * and POST, or with a header a page may not send freely (Authorization, Content-Type JSON).
 */
export const preflighted = ({ vector, method, headers }: Attack): boolean =>
  vector === 'fetch' && (!['GET', 'POST'].includes(method) || headers !== undefined);

/** What the page's script could see of its request. */
export interface Seen {
  outcome: string;
  /** Every byte of the answer the page could read ('' when opaque or refused). */
  read: string;
}

/** The video seeded before each attack, and the title no other site may read. */
export const SEEDED = { key: 'v-0001', title: 'Secret keynote 7f3a' };
export const METADATA_URL = 'http://169.254.169.254/latest/meta-data/';

/** A reading other than the one the mock plays by default: what a readings attack would switch to. */
const played = mockReadings();
const [readingId, otherReading] = idsWithReadings.flatMap((id) =>
  readingsOf(id)
    .filter((reading) => reading !== played[id])
    .map((reading) => [id, reading] as const),
)[0] ?? ['', ''];
const JSON_TYPE = { 'content-type': 'application/json' };
const json = (value: unknown, headers: Record<string, string> = JSON_TYPE) => ({
  body: JSON.stringify(value),
  headers,
});
const readings = json({ [readingId]: otherReading });
const webhook = { url: METADATA_URL };
const fault = { errorRate: 1, errorStatus: 503 };
const video = specOperation('getVideo').specPath.replace('{videoKey}', SEEDED.key);
const create = specOperation('createVideos').specPath;
const journal = `${ADMIN_PREFIX}/journal`;
const reset = `${ADMIN_PREFIX}/reset`;
const faults = `${ADMIN_PREFIX}/faults`;
const webhooks = `${ADMIN_PREFIX}/webhooks`;
type Row = [string, Vector, Attack['method'], string, Aim, Pick<Attack, 'body' | 'headers'>?];

/** A body without CORS: a page may send no JSON type, so it goes as text/plain (refused anyway). */
const plain = (value: unknown) => ({ body: JSON.stringify(value) });
const planted = json({ projectKey: 'demo', videos: [{ title: 'planted' }] }, { ...AUTH, ...JSON_TYPE });

const ROWS: Row[] = [
  ['reads the journal', 'fetch', 'GET', journal, 'leak'],
  ['loads the journal as a script', 'script', 'GET', journal, 'leak'],
  ['loads the delivery oracle as an image', 'img', 'GET', `${webhooks}/deliveries`, 'leak'],
  ['reads the video with the well-known token', 'fetch', 'GET', video, 'leak', { headers: AUTH }],
  ['resets', 'fetch', 'POST', reset, 'video'],
  ['resets with a no-cors fetch', 'no-cors', 'POST', reset, 'video'],
  ['resets with a form', 'form', 'POST', reset, 'video'],
  ['resets with a beacon', 'beacon', 'POST', reset, 'video'],
  ['replaces the readings', 'fetch', 'PUT', `${ADMIN_PREFIX}/readings`, 'readings', readings],
  ['switches a reading', 'fetch', 'PATCH', `${ADMIN_PREFIX}/readings`, 'readings', readings],
  ['injects a fault', 'fetch', 'POST', faults, 'faults', json(fault)],
  ['injects a fault with a no-cors fetch', 'no-cors', 'POST', faults, 'faults', plain(fault)],
  ['aims a webhook at the metadata address', 'fetch', 'POST', webhooks, 'targets', json(webhook)],
  ['aims a webhook there with a form', 'form', 'POST', webhooks, 'targets', plain(webhook)],
  ['creates a video with the well-known token', 'fetch', 'POST', create, 'created', planted],
];

export const ATTACKS: readonly Attack[] = ROWS.map(([name, vector, method, path, aim, extra]) => ({
  name,
  vector,
  method,
  path,
  aim,
  ...extra,
}));

/** The admin calls a page makes with fetch: a read, a simple POST, preflighted ones (webhooks aside). */
export const ADMIN_FETCHES = ATTACKS.filter(
  ({ vector, path, aim }) => vector === 'fetch' && isAdminPath(path) && aim !== 'targets',
);

/** In the page: sends `attack` to `url` the attack's way and reports what the script could see. */
function sendInPage({ url, attack }: { url: string; attack: Attack }): Promise<Seen> {
  const { vector, method, body, headers } = attack;
  const loaded = (element: HTMLElement) =>
    new Promise<string>((resolve) => {
      element.addEventListener('load', () => resolve('load'));
      element.addEventListener('error', () => resolve('error'));
    });
  const run = async (): Promise<Seen> => {
    if (vector === 'fetch' || vector === 'no-cors') {
      const init: RequestInit = { method, ...(body !== undefined && { body }), ...(headers && { headers }) };
      if (vector === 'no-cors') init.mode = 'no-cors';
      const response = await fetch(url, init);
      return { outcome: `${response.type} ${response.status}`, read: await response.text() };
    }
    if (vector === 'beacon') return { outcome: `queued ${navigator.sendBeacon(url, body)}`, read: '' };
    if (vector === 'img' || vector === 'script') {
      const element = document.createElement(vector);
      element.setAttribute('src', url);
      const outcome = loaded(element);
      document.body.append(element);
      return { outcome: await outcome, read: '' };
    }
    // A form with enctype text/plain: the classic way to send JSON without CORS.
    const frame = document.createElement('iframe');
    frame.name = `target-${Math.random()}`;
    document.body.append(frame);
    const form = document.createElement('form');
    Object.assign(form, { method: 'POST', action: url, enctype: 'text/plain', target: frame.name });
    if (body !== undefined) {
      const input = document.createElement('input');
      Object.assign(input, { type: 'hidden', name: `${body.slice(0, -1)},"pad":"`, value: '"}' });
      form.append(input);
    }
    document.body.append(form);
    form.submit(); // what comes back loads into a frame of another origin: nothing to read
    return { outcome: 'submitted', read: '' };
  };
  return run().catch((error: unknown) => ({ outcome: `error ${String(error)}`, read: '' }));
}

/** An answer the mock gave to the page's request, as the browser's network saw it. */
export interface Answer {
  method: string;
  status: number;
  /** Its `X-Mock-Error` header. */
  mockError: string | undefined;
}

/**
 * Sends `attack` to the mock at `base` from `page`'s own script. The answers are those Chromium's
 * network received (its DevTools protocol: preflights, beacons, forms, no-cors fetches and
 * subresources included, with their raw headers); it waits for the one that settles the attack
 * (the answer to the request, or to its preflight when that refused it).
 */
export async function attackFrom(
  page: Page,
  base: string,
  attack: Attack,
): Promise<Seen & { answers: Answer[] }> {
  const url = `${base}${attack.path}`;
  const cdp = await page.context().newCDPSession(page);
  // Joined by request id: what was sent (preflights are only seen answered), and what came back
  // (raw, in the extra info: Chromium sends no responseReceived for what CORS or ORB blocked).
  const sent = new Map<string, { url: string; method: string }>();
  const came = new Map<string, { status: number; mockError: string | undefined }>();
  const mockErrorOf = (headers: Record<string, string>) =>
    Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-mock-error')?.[1];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => sent.set(requestId, request));
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type === 'Preflight') sent.set(requestId, { url: response.url, method: 'OPTIONS' });
    if (!came.has(requestId))
      came.set(requestId, { status: response.status, mockError: mockErrorOf(response.headers) });
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode, headers }) =>
    came.set(requestId, { status: statusCode, mockError: mockErrorOf(headers) }),
  );
  const answers = (): Answer[] =>
    [...came].flatMap(([id, answer]) => {
      const request = sent.get(id);
      return request?.url === url ? [{ method: request.method, ...answer }] : [];
    });
  await cdp.send('Network.enable');
  try {
    const seen = await page.evaluate(sendInPage, { url, attack });
    const settled = () => answers().some(({ method, status }) => method !== 'OPTIONS' || status >= 400);
    await expect.poll(settled, { timeout: 10_000 }).toBe(true);
    return { ...seen, answers: answers() };
  } finally {
    await cdp.detach();
  }
}
