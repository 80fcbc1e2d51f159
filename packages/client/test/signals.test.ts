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

  it('makes its signal when first read, aborted already if the attempt was', async () => {
    const attempt = attemptSignal(undefined, 5);
    await expect(attempt.race(new Promise(() => {}))).rejects.toThrow('timed out after 5 ms');
    expect(attempt.signal?.aborted).toBe(true);
    expect(String(attempt.signal?.reason)).toMatch(/timed out after 5 ms/);
    expect(attempt.signal).toBe(attempt.signal);
    attempt.dispose();
  });

  describe('race', () => {
    const pending = () => new Promise<string>(() => {});

    it('settles with the promise when nothing aborts', async () => {
      for (const outer of [undefined, new AbortController().signal]) {
        for (const ms of [0, 60_000]) {
          const attempt = attemptSignal(outer, ms);
          await expect(attempt.race(Promise.resolve('answer'))).resolves.toBe('answer');
          await expect(attempt.race(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
          attempt.dispose();
        }
      }
    });

    it('rejects when the timeout fires first', async () => {
      const attempt = attemptSignal(undefined, 5);
      await expect(attempt.race(pending())).rejects.toThrow('timed out after 5 ms');
      expect(attempt.timedOut()).toBe(true);
      attempt.dispose();
    });

    it.each([0, 60_000])("rejects with the caller's reason when it aborts (timeout %s)", async (ms) => {
      const outer = new AbortController();
      const attempt = attemptSignal(outer.signal, ms);
      const raced = attempt.race(pending());
      outer.abort(new Error('stop'));
      await expect(raced).rejects.toThrow('stop');
      attempt.dispose();
    });

    it('rejects at once when the caller has already aborted', async () => {
      const outer = new AbortController();
      outer.abort(new Error('before'));
      const attempt = attemptSignal(outer.signal, 60_000);
      await expect(attempt.race(pending())).rejects.toThrow('before');
      attempt.dispose();
    });

    it('keeps a late rejection of the losing promise from going unhandled', async () => {
      const outer = new AbortController();
      const attempt = attemptSignal(outer.signal, 60_000);
      let fail: (error: Error) => void = () => {};
      const loser = new Promise<string>((_, reject) => {
        fail = reject;
      });
      const raced = attempt.race(loser);
      outer.abort(new Error('stop'));
      await expect(raced).rejects.toThrow('stop');
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        fail(new Error('late'));
        await new Promise((resolve) => setTimeout(resolve, 5));
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
      expect(unhandled).toEqual([]);
      attempt.dispose();
    });
  });
});
