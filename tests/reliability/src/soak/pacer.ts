/**
 * Sends requests at a fixed rate (open loop: the schedule does not wait for answers), with at most
 * `maxInFlight` waiting at once. A request that cannot be sent within a second of its slot because
 * that many are waiting is skipped and counted, so a slow server shows as a lower rate, not as a
 * burst of catch-up requests later.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface PaceOptions {
  /** Requests per second. */
  rate: number;
  durationMs: number;
  maxInFlight: number;
  send(): Promise<void>;
  /** How often the schedule is checked (default 5 ms). */
  tickMs?: number;
}

/**
 * Runs the schedule to its end and waits for the last answers; resolves what was sent and skipped.
 *
 * @example
 * await pace({ rate: 100, durationMs: 60_000, maxInFlight: 64, send: load.send }); // { sent: 6000, skipped: 0 }
 */
export async function pace(options: PaceOptions): Promise<{ sent: number; skipped: number }> {
  const { rate, durationMs, maxInFlight, send, tickMs = 5 } = options;
  const start = performance.now();
  const total = Math.floor((durationMs / 1000) * rate);
  const waiting = new Set<Promise<void>>();
  let slot = 0;
  let skipped = 0;
  while (slot < total) {
    const elapsed = performance.now() - start;
    // Slot k (from 0) is due k / rate seconds after the start, so the last is due before the end.
    const due = Math.min(total, Math.floor((elapsed / 1000) * rate) + 1);
    // Slots more than a second late are dropped while the server is behind.
    const stale = Math.max(0, due - rate - slot);
    skipped += stale;
    slot += stale;
    while (slot < due && waiting.size < maxInFlight) {
      slot += 1;
      const request: Promise<void> = send().finally(() => waiting.delete(request));
      waiting.add(request);
    }
    await sleep(tickMs);
  }
  await Promise.all(waiting);
  return { sent: total - skipped, skipped };
}
