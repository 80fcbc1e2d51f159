/**
 * The requests of one app, counted by operation and status, and their latency histogram by
 * operation, in Prometheus's text format. Kept in plain numbers rather than prom-client's Counter
 * and Histogram: those hash and validate the labels of every observation, a few per cent of a
 * GET's CPU in the mock (measured with --cpu-prof); here a request costs one Map lookup and a few
 * additions, and the text is written at scrape time.
 */

/** Latency buckets (s): 1 ms to 10 s. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What is kept of one operation and status. */
interface Kept {
  operation: string;
  status: number;
  count: number;
  /** Seconds, summed. */
  sum: number;
  /** Per bucket of DURATION_BUCKETS (not cumulative); the last one past 10 s. */
  buckets: number[];
}

/** A label value as the text format writes it (backslash, quote and newline escaped). */
const labelValue = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** The counter and the histogram, named `requests` and `duration` (with their prefix). */
export interface RequestCounts {
  observe(operation: string, status: number, seconds: number): void;
  /** Both metrics in the text exposition format (version 0.0.4), HELP and TYPE lines included. */
  text(): string;
}

/**
 * @example
 * const counts = requestCounts('video_api_mock_requests_total', 'video_api_mock_request_duration_seconds');
 * counts.observe('getVideo', 200, 0.0004);
 * counts.text(); // '# HELP video_api_mock_requests_total …\nvideo_api_mock_requests_total{operation="getVideo",status="200"} 1\n…'
 */
export function requestCounts(requests: string, duration: string): RequestCounts {
  const kept = new Map<string, Kept>();
  return {
    observe(operation, status, seconds) {
      const key = `${operation} ${status}`;
      let entry = kept.get(key);
      if (entry === undefined) {
        entry = {
          operation,
          status,
          count: 0,
          sum: 0,
          buckets: new Array(DURATION_BUCKETS.length + 1).fill(0),
        };
        kept.set(key, entry);
      }
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
      entry.count++;
      entry.sum += seconds;
      (entry.buckets[bucket] as number)++;
    },
    text() {
      const counted = [
        `# HELP ${requests} Requests answered, by operation (operationId, or admin, playback, console, other) and status`,
        `# TYPE ${requests} counter`,
      ];
      const byOperation = new Map<string, { count: number; sum: number; buckets: number[] }>();
      for (const { operation, status, count, sum, buckets } of kept.values()) {
        counted.push(`${requests}{operation="${labelValue(operation)}",status="${status}"} ${count}`);
        const total = byOperation.get(operation) ?? { count: 0, sum: 0, buckets: buckets.map(() => 0) };
        total.count += count;
        total.sum += sum;
        buckets.forEach((n, i) => {
          total.buckets[i] = (total.buckets[i] as number) + n;
        });
        byOperation.set(operation, total);
      }
      const timed = [
        `# HELP ${duration} Time from a request reaching the mock to its answer, by operation`,
        `# TYPE ${duration} histogram`,
      ];
      for (const [operation, { count, sum, buckets }] of byOperation) {
        const label = `operation="${labelValue(operation)}"`;
        let below = 0;
        DURATION_BUCKETS.forEach((bound, i) => {
          below += buckets[i] as number;
          timed.push(`${duration}_bucket{le="${bound}",${label}} ${below}`);
        });
        timed.push(`${duration}_bucket{le="+Inf",${label}} ${count}`);
        timed.push(`${duration}_sum{${label}} ${sum}`, `${duration}_count{${label}} ${count}`);
      }
      return `${counted.join('\n')}\n\n${timed.join('\n')}\n`;
    },
  };
}
