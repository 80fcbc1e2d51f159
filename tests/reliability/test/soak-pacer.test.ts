import { describe, expect, it } from 'vitest';
import { pace } from '../src/soak/pacer.js';

describe('the soak pacer', () => {
  it('accounts for every slot of the schedule (sent or skipped) and never exceeds the requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    let calls = 0;
    const result = await pace({
      rate: 2000,
      durationMs: 100,
      maxInFlight: 3,
      tickMs: 1,
      send: async () => {
        calls += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
      },
    });
    expect(result.sent + result.skipped).toBe(200);
    expect(result.sent).toBe(calls);
    expect(most).toBeLessThanOrEqual(3);
    expect(inFlight).toBe(0);
  });
});
