import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE } from '../../src/node/cli/cli-args.js';
import {
  checkingIntervalOf,
  DEFAULT_TIMEOUTS,
  httpServerOptions,
  timeoutsOf,
} from '../../src/node/server/timeouts.js';

describe('the server timeouts', () => {
  it('default to what --help says', () => {
    expect(DEFAULT_TIMEOUTS).toEqual({
      headersTimeoutMs: 15_000,
      idleTimeoutMs: 60_000,
      requestTimeoutMs: 3_600_000,
      bodyIdleTimeoutMs: 30_000,
    });
    expect(USAGE.replace(/\n +/g, ' ')).toMatch(
      new RegExp(`--body-idle-timeout-ms N .*default ${DEFAULT_TIMEOUTS.bodyIdleTimeoutMs}\\)`),
    );
    expect(USAGE).toMatch(
      new RegExp(`--headers-timeout-ms N .*default ${DEFAULT_TIMEOUTS.headersTimeoutMs}\\)`),
    );
    expect(USAGE).toMatch(new RegExp(`--idle-timeout-ms N .*default ${DEFAULT_TIMEOUTS.idleTimeoutMs}\\)`));
    expect(USAGE).toMatch(
      new RegExp(`--request-timeout-ms N .*default ${DEFAULT_TIMEOUTS.requestTimeoutMs}\\)`),
    );
  });

  it('give node:http the documented header timeout, checked each second (its own default is 30 s)', () => {
    expect(httpServerOptions(timeoutsOf({}))).toEqual({
      headersTimeout: 15_000,
      requestTimeout: 3_600_000,
      connectionsCheckingInterval: 1000,
    });
  });

  it('keep what is given and take the default for what is not', () => {
    expect(timeoutsOf({ headersTimeoutMs: 500, idleTimeoutMs: undefined })).toEqual({
      ...DEFAULT_TIMEOUTS,
      headersTimeoutMs: 500,
    });
  });

  it('are checked often enough to cut within a quarter of the shorter one, or a second', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (headers, request) => {
          const interval = checkingIntervalOf({
            headersTimeoutMs: headers,
            idleTimeoutMs: 1,
            requestTimeoutMs: request,
            bodyIdleTimeoutMs: 0,
          });
          const shortest = Math.min(headers, request || Number.POSITIVE_INFINITY);
          expect(interval).toBeGreaterThanOrEqual(10);
          expect(interval).toBeLessThanOrEqual(Math.max(10, Math.min(1000, shortest / 4)));
        },
      ),
    );
  });

  it('take --body-idle-timeout-ms N (0 for none) and refuse what is not a count of ms', () => {
    expect(parseCliArgs(['--body-idle-timeout-ms', '500']).options.bodyIdleTimeoutMs).toBe(500);
    expect(parseCliArgs(['--body-idle-timeout-ms', '0']).options.bodyIdleTimeoutMs).toBe(0);
    expect(() => parseCliArgs(['--body-idle-timeout-ms', '-1'])).toThrow(
      '--body-idle-timeout-ms: "-1" is not accepted (an integer >= 0)',
    );
  });
});
