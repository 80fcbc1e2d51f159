import { describe, expect, it } from 'vitest';
import { createOrigins } from '../../src/state/origins.js';

const SERVED = 'http://127.0.0.1:4010';
const originOf = (i: number) => `http://host-${i}.localhost:4010`;
const key = (i: number) => `v-${i}`;

describe('createOrigins: the origin of the request that last moved a video', () => {
  it('is the base of that video’s later events; the server’s own for a video never moved', () => {
    const origins = createOrigins(undefined);
    origins.serveAt(SERVED);
    expect(origins.baseOfEvent('v-1', 'http://a.localhost')).toBe('http://a.localhost');
    expect(origins.baseOfEvent('v-1', undefined)).toBe('http://a.localhost');
    expect(origins.baseOfEvent('v-2', undefined)).toBe(SERVED);
  });

  it('remembers at least the newest 10 000 videos and forgets the oldest first', () => {
    const origins = createOrigins(undefined);
    origins.serveAt(SERVED);
    for (let i = 0; i < 30_000; i++) origins.baseOfEvent(key(i), originOf(i));
    for (let i = 20_000; i < 30_000; i++) expect(origins.baseOfEvent(key(i), undefined)).toBe(originOf(i));
    for (let i = 0; i < 10_000; i++) expect(origins.baseOfEvent(key(i), undefined)).toBe(SERVED);
  });

  it('counts a video moved again as new', () => {
    const origins = createOrigins(undefined);
    origins.serveAt(SERVED);
    for (let i = 0; i < 30_000; i++) {
      origins.baseOfEvent(key(i), originOf(i));
      origins.baseOfEvent(key(0), 'http://first.localhost'); // moved on every turn: never the oldest
    }
    expect(origins.baseOfEvent(key(0), undefined)).toBe('http://first.localhost');
  });

  it('answers the streaming base, when set, whatever the origin', () => {
    const origins = createOrigins('https://stream.example');
    expect(origins.baseOfEvent('v-1', 'http://a.localhost')).toBe('https://stream.example');
    expect(origins.base('http://a.localhost')).toBe('https://stream.example');
  });
});
