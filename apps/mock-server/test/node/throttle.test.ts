import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../src/node/uploads/throttle.js';

const sha256 = (chunks: Buffer[]) => createHash('sha256').update(Buffer.concat(chunks)).digest('hex');

function collect(stream: Readable) {
  const chunks: Buffer[] = [];
  let ended = false;
  let error: unknown;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => {
    ended = true;
  });
  stream.on('error', (e) => {
    error = e;
  });
  return {
    chunks,
    received: () => chunks.reduce((sum, c) => sum + c.length, 0),
    ended: () => ended,
    error: () => error,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttle()', () => {
  it('delivers at most bytesPerSecond (plus one slice) as the virtual clock advances', async () => {
    const input = Buffer.alloc(10_000, 7);
    const out = collect(throttle(Readable.from([input]), 1000));
    await vi.advanceTimersByTimeAsync(0);
    expect(out.received()).toBe(100);
    await vi.advanceTimersByTimeAsync(5000);
    expect(out.received()).toBe(5100);
    expect(out.ended()).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(out.received()).toBe(10_000);
    expect(out.ended()).toBe(true);
  });

  it('preserves every byte, in order, for any chunking and rate (checksum)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 0, maxLength: 3000 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 50_000 }),
        async (parts, rate) => {
          const chunks = parts.map((p) => Buffer.from(p));
          const out = collect(throttle(Readable.from(chunks), rate));
          while (!out.ended()) await vi.advanceTimersByTimeAsync(1000);
          expect(sha256(out.chunks)).toBe(sha256(chunks));
          expect(out.chunks.every((c) => c.length <= Math.max(1, Math.floor(rate / 10)))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('passes an error of the source on to the reader', async () => {
    const source = new Readable({ read() {} });
    const out = collect(throttle(source, 100));
    source.push(Buffer.from('abc'));
    source.destroy(new Error('client aborted'));
    await vi.advanceTimersByTimeAsync(0);
    expect((out.error() as Error).message).toBe('client aborted');
  });

  it('destroys the source and leaves no timer when the reader gives up', async () => {
    const source = Readable.from([Buffer.alloc(1000)]);
    const throttled = throttle(source, 10);
    collect(throttled);
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    throttled.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(source.destroyed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a rate of %s', (rate) => {
    expect(() => throttle(Readable.from([]), rate)).toThrow(RangeError);
  });
});
