import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRequest, toEntry } from '../../src/faults/plan.js';
import type { FaultRule } from '../../src/faults/types.js';
import { createRandom } from '../../src/shared/prng.js';

const rule: fc.Arbitrary<FaultRule> = fc.record(
  {
    route: fc.constantFrom('getVideo', 'createVideos', '/api/v1/videos', '/api/'),
    latencyMs: fc.integer({ min: 0, max: 1000 }),
    latencyJitterMs: fc.integer({ min: 0, max: 1000 }),
    errorRate: fc.double({ min: 0, max: 1, noNaN: true }),
    resetRate: fc.double({ min: 0, max: 1, noNaN: true }),
    rateLimit: fc.record({
      limit: fc.integer({ min: 1, max: 5 }),
      windowMs: fc.integer({ min: 1, max: 100 }),
      retryAfterSeconds: fc.integer({ min: 0, max: 60 }),
    }),
    times: fc.integer({ min: 1, max: 5 }),
  },
  { requiredKeys: [] },
);

const request = fc.record({
  operationId: fc.constantFrom('getVideo', 'createVideos', 'updateCustomFields', undefined),
  path: fc.constantFrom('/api/v1/videos', '/api/v1/videos/v-1', '/api/upload/v1/form-data/videos/v-1'),
  at: fc.integer({ min: 0, max: 50 }),
});

function run(
  rules: FaultRule[],
  requests: Array<{ operationId: string | undefined; path: string; at: number }>,
  seed: number,
) {
  const entries = rules.map((rule) => toEntry(rule));
  const random = createRandom(seed);
  let now = 0;
  return requests.map((r) => {
    now += r.at;
    return planRequest(entries, r, random, now);
  });
}

describe('fault plans', () => {
  it('are the same for the same seed, rules and requests (property)', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 4 }),
        fc.array(request, { maxLength: 30 }),
        fc.integer(),
        (rules, requests, seed) => {
          expect(run(rules, requests, seed)).toEqual(run(rules, requests, seed));
        },
      ),
    );
  });

  it('never delay less than the fixed latency nor more than latency plus jitter of the matching rules (property)', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 4 }), request, fc.integer(), (rules, r, seed) => {
        const [plan] = run(rules, [r], seed);
        if (plan === undefined) return;
        const matching = rules.filter((x) => {
          if (x.route === undefined) return true;
          if (!x.route.startsWith('/')) return x.route === r.operationId;
          return x.route.endsWith('/')
            ? r.path.startsWith(x.route)
            : r.path === x.route || r.path.startsWith(`${x.route}/`);
        });
        const fixed = matching.reduce((sum, x) => sum + (x.latencyMs ?? 0), 0);
        const jitter = matching.reduce((sum, x) => sum + (x.latencyJitterMs ?? 0), 0);
        expect(plan.delayMs).toBeGreaterThanOrEqual(fixed);
        expect(plan.delayMs).toBeLessThanOrEqual(fixed + jitter);
      }),
    );
  });

  it('spend times on every matching request and remove the rule at zero', () => {
    const entries = [toEntry({ route: 'getVideo', errorRate: 0, times: 2 })];
    const random = createRandom(1);
    const get = { operationId: 'getVideo', path: '/api/v1/videos/v-1' };
    expect(
      planRequest(entries, { operationId: 'createVideos', path: '/api/v1/videos' }, random, 0),
    ).toBeUndefined();
    expect(entries[0]?.remaining).toBe(2);
    expect(planRequest(entries, get, random, 0)).toEqual({ delayMs: 0, reset: false });
    expect(planRequest(entries, get, random, 0)).toEqual({ delayMs: 0, reset: false });
    expect(entries).toEqual([]);
    expect(planRequest(entries, get, random, 0)).toBeUndefined();
  });
});
