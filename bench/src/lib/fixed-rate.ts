/**
 * A load at a fixed rate (autocannon's `--overallRate`, its CLI in its own process): requests are
 * sent at that rate whatever the answers' speed, so the latency percentiles are those of a server
 * under a steady load below its limit, not of one driven flat out.
 */
import { AUTOCANNON_BIN } from './paths.js';
import { runToEnd } from './proc.js';

export interface FixedRateResult {
  /** Requests answered per second over the run (below the rate asked when the server fell behind). */
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * GETs `url` at `rate` requests per second over `connections` for `seconds`; autocannon pinned to
 * the cores `cores` (taskset list, e.g. "0") when given.
 *
 * @example
 * await fixedRate({ url, rate: 500, connections: 10, seconds: 20, headers: { authorization } });
 */
export async function fixedRate(options: {
  url: string;
  rate: number;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  cores?: string;
}): Promise<FixedRateResult> {
  const args = [
    AUTOCANNON_BIN,
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    '-R',
    String(options.rate),
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(options.url);
  const { stdout } = options.cores
    ? await runToEnd('taskset', ['-c', options.cores, process.execPath, ...args])
    : await runToEnd(process.execPath, args);
  const json = JSON.parse(stdout.slice(stdout.indexOf('{'))) as AutocannonJson;
  return {
    requestsPerSecond: json.requests.total / options.seconds,
    p50Ms: json.latency.p50,
    p90Ms: json.latency.p90,
    p99Ms: json.latency.p99,
    maxMs: json.latency.max,
    total: json.requests.total,
    non2xx: json.non2xx,
    errors: json.errors + json.timeouts,
  };
}
