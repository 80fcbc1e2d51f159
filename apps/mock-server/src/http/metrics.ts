/**
 * The mock's metrics seam: what the pipeline tells of each request (`observe`) and what
 * `GET /__mock/metrics` answers (`render`). A platform may have them (Node: Prometheus through
 * prom-client, src/node/metrics/); the portable core only names them, and without them the
 * pipeline observes nothing and the route answers 404.
 */

/** A request count, latency and gauges, rendered in a scraper's format. */
export interface Metrics {
  /** One finished request: its operation label (`operationLabel`), its status, its duration in seconds. */
  observe(operation: string, status: number, seconds: number): void;
  /** The metrics now, e.g. Prometheus's text exposition format and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** What gauges read at scrape time: the default state's parts. */
export interface MetricSources {
  /** The default state's webhook deliveries (counted by its dispatcher's store). */
  webhooks: { counts(): Promise<{ pending: number; givenUp: number }> };
  /** The database pool's size (`databasePoolSize`), where the state is in a database (`databaseUrl`). */
  databasePoolSize?: number;
  /** The default state's transcodes waiting or running, where they are jobs in a database. */
  transcodes?: () => Promise<number>;
}

/** The labels of requests that name no operation: a fixed few, never a path (label values stay bounded). */
type OtherOperation = 'admin' | 'playback' | 'console' | 'other';

/**
 * The operation label of a request: its operationId (the spec's, or playback's), else one of a
 * fixed few.
 *
 * @example
 * operationLabel('getVideo', '/api/v1/videos/v-0001', false, false); // 'getVideo'
 * operationLabel(undefined, '/__mock/reset', true, false); // 'admin'
 * operationLabel(undefined, '/no/such/path', false, false); // 'other'
 */
export function operationLabel(
  operationId: string | undefined,
  path: string,
  admin: boolean,
  consolePage: boolean,
): string {
  if (operationId !== undefined) return operationId;
  const other: OtherOperation = admin
    ? 'admin'
    : consolePage
      ? 'console'
      : path.startsWith('/hls/')
        ? 'playback'
        : 'other';
  return other;
}
