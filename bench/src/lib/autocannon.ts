/**
 * Runs autocannon in its own process (its CLI, `--json`), so the load generator never shares an
 * event loop with the server under test. On this 2-core machine they still share the CPU; the
 * results say so.
 */
import { AUTOCANNON_BIN } from './paths.js';
import { runToEnd } from './proc.js';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'PUT' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
  /** The core to pin the load generator to (taskset); by default it runs wherever the OS puts it. */
  core?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * One autocannon run; resolves with req/s (average over the run) and latency percentiles.
 *
 * @example
 * await load({ url: `${base}/api/v1/videos/v-0001`, connections: 50, durationS: 10 });
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const args = [AUTOCANNON_BIN, '--json', '-c', String(options.connections), '-d', String(options.durationS)];
  if (options.method) args.push('-m', options.method);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  if (options.body !== undefined) args.push('-b', options.body);
  args.push(options.url);
  const { stdout } =
    options.core === undefined
      ? await runToEnd(process.execPath, args)
      : await runToEnd('taskset', ['-c', String(options.core), process.execPath, ...args]);
  const json = JSON.parse(stdout.slice(stdout.indexOf('{'))) as AutocannonJson;
  return {
    requestsPerSecond: json.requests.average,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
    total: json.requests.total,
    non2xx: json.non2xx,
    errors: json.errors + json.timeouts,
  };
}
