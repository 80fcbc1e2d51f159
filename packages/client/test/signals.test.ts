/** Per-attempt signals: a timeout joined with the caller's signal, and no signal when nothing can abort. */
import { describe, expect, it } from 'vitest';
import { attemptSignal } from '../src/http/signals.js';

describe('attemptSignal', () => {
  it.each([0, Number.POSITIVE_INFINITY, undefined])(
    'gives no signal without timeout (%s) or caller signal',
    (ms) => {
      const attempt = attemptSignal(undefined, ms);
      expect(attempt.signal).toBeUndefined();
      expect(attempt.timedOut()).toBe(false);
      attempt.dispose();
    },
  );

  it("passes the caller's signal itself when there is no timeout", () => {
    const outer = new AbortController();
    const attempt = attemptSignal(outer.signal, 0);
    expect(attempt.signal).toBe(outer.signal);
    outer.abort(new Error('stop'));
    expect(attempt.signal?.aborted).toBe(true);
    expect(attempt.timedOut()).toBe(false);
  });

  it('aborts after the timeout and says so', async () => {
    const attempt = attemptSignal(undefined, 5);
    await new Promise((resolve) => attempt.signal?.addEventListener('abort', resolve));
    expect(attempt.timedOut()).toBe(true);
    attempt.dispose();
  });

  it("follows the caller's signal under a timeout, and disposes its timer", () => {
    const outer = new AbortController();
    const attempt = attemptSignal(outer.signal, 60_000);
    expect(attempt.signal).not.toBe(outer.signal);
    outer.abort(new Error('stop'));
    expect(attempt.signal?.aborted).toBe(true);
    expect(attempt.timedOut()).toBe(false);
    attempt.dispose();
  });
});
