/**
 * waitForReady settles where it used to hang: a playlist body whose cancel never settles (msw in
 * Node), a record without a playback address (the address create returned is used), and a custom
 * sleep that takes no time (the deadline still comes). No false "ready" on the way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVideoApiClient, TimeoutError } from '../src/index.js';
import { playlistMemory } from '../src/wait/playlist-memory.js';
import { json, recordingSleep, video } from './support/scripted-fetch.js';

const BASE = 'http://wait.example';
const PLAYLIST = `${BASE}/hls/v-1/playlist.m3u8`;
const playback = { primaryPlaybackUrl: { name: 'p', hls: { name: 'h', url: PLAYLIST } } };

/** A playlist answer whose body's cancel never settles, as msw's in Node. */
function stuckBody(status: number): Response {
  const body = new ReadableStream({ pull: () => new Promise(() => {}), cancel: () => new Promise(() => {}) });
  return new Response(body, { status });
}

/** A server whose record shows no readiness field and (unless `address`) no playback address. */
function server(options: { readyAfter: number; address: boolean }) {
  let gets = 0;
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (request.method === 'POST') return json([{ key: 'v-1', title: 't', ...playback }], 201);
    if (url.pathname.startsWith('/hls/')) return stuckBody(gets > options.readyAfter ? 200 : 404);
    gets += 1;
    return json(video('v-1', {}, options.address ? playback : {}));
  };
  return { fetch, gets: () => gets };
}

describe('waitForReady with the default check', () => {
  it('does not wait for the cancel of the playlist body', async () => {
    const { fetch } = server({ readyAfter: 2, address: true });
    const client = createVideoApiClient({ baseUrl: BASE, fetch, sleep: recordingSleep().sleep });
    const verdicts: string[] = [];
    await client.waitForReady('v-1', { onPoll: ({ readiness }) => void verdicts.push(readiness) });
    expect(verdicts).toEqual(['pending', 'pending', 'ready']);
  });

  it('probes the address create returned when the record carries none', async () => {
    const { fetch } = server({ readyAfter: 1, address: false });
    const client = createVideoApiClient({ baseUrl: BASE, fetch, sleep: recordingSleep().sleep });
    await client.createVideos({ projectKey: 'p', videos: [{ title: 't' }] });
    const verdicts: string[] = [];
    await client.waitForReady('v-1', { onPoll: ({ readiness }) => void verdicts.push(readiness) });
    expect(verdicts).toEqual(['pending', 'ready']);
  });

  it('takes the address as the playlistUrl option from a client that did not create the video', async () => {
    const { fetch } = server({ readyAfter: 1, address: false });
    const client = createVideoApiClient({ baseUrl: BASE, fetch, sleep: recordingSleep().sleep });
    const ready = await client.waitForReady('v-1', { playlistUrl: PLAYLIST });
    expect(ready.videoKey).toBe('v-1');
  });

  it('says pending, never ready, with no address at all, until the deadline', async () => {
    const { fetch } = server({ readyAfter: 0, address: false });
    const client = createVideoApiClient({ baseUrl: BASE, fetch, sleep: recordingSleep().sleep });
    const error = await client.waitForReady('v-1', { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });
});

describe('the deadline with a custom sleep and no clock of its own', () => {
  it('comes after the time the sleep was asked to wait, for any interval settings', async () => {
    await fc.assert(
      fc.asyncProperty(
        // At most a few hundred polls a run (the waits are not real, the polls are).
        fc.integer({ min: 50, max: 5000 }),
        fc.integer({ min: 50, max: 3000 }),
        fc.integer({ min: 1000, max: 20_000 }),
        async (intervalMs, maxIntervalMs, timeoutMs) => {
          const { fetch, gets } = server({ readyAfter: Number.POSITIVE_INFINITY, address: true });
          const time = recordingSleep();
          const client = createVideoApiClient({ baseUrl: BASE, fetch, sleep: time.sleep });
          // A clock that the sleep does not move (a virtual clock nobody advances): only the time
          // the sleep was asked to wait brings the deadline, whatever real time the polls take.
          const error = await client
            .waitForReady('v-1', { intervalMs, maxIntervalMs, timeoutMs, now: () => 0 })
            .catch((e: unknown) => e);
          expect(error).toBeInstanceOf(TimeoutError);
          expect(time.delays.reduce((sum, ms) => sum + ms, 0)).toBe(timeoutMs);
          expect(gets()).toBe(time.delays.length + 1);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('the playlist addresses a client remembers', () => {
  const created = (key: string) => ({
    key,
    title: key,
    primaryPlaybackUrl: { name: 'p', hls: { name: 'h', url: `${BASE}/hls/${key}/playlist.m3u8` } },
  });

  it('are bounded, the oldest forgotten first, a key created again counting as new', () => {
    const memory = playlistMemory(2);
    memory.remember([created('a'), created('b')]);
    memory.remember([created('a')]);
    memory.remember([created('c')]);
    expect(memory.get('b')).toBeUndefined();
    expect(memory.get('a')).toBe(`${BASE}/hls/a/playlist.m3u8`);
    expect(memory.get('c')).toBe(`${BASE}/hls/c/playlist.m3u8`);
  });

  it('skip what create returned without an address', () => {
    const memory = playlistMemory();
    memory.remember([{ key: 'x', title: 'x' } as never]);
    expect(memory.get('x')).toBeUndefined();
  });
});
