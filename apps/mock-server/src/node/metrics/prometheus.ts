/**
 * The Node platform's metrics (src/http/metrics.ts `Metrics`) in Prometheus's text format:
 * prom-client's default metrics of the process (one registry per process), and per app the
 * requests by operation and status with their latency (./request-counts.ts), and prom-client
 * gauges read at scrape time: the database pool and the default state's webhook deliveries.
 * prom-client is an optional peer of the package, loaded at the first scrape; where it is not
 * installed the requests are still counted (in plain numbers) and a scrape answers 501 naming it.
 */
import type { Registry } from 'prom-client';
import { HttpError } from '../../http/errors.js';
import type { MetricSources, Metrics } from '../../http/metrics.js';
import { queriesInFlight } from '../postgres/database.js';
import { requestCounts } from './request-counts.js';

const PREFIX = 'video_api_mock_';

type PromClient = typeof import('prom-client');

/** How prom-client is loaded: the installed package by default (tests give another). */
export type LoadPromClient = () => Promise<PromClient>;

/** 501 of a scrape where prom-client is not installed: the mock's own error, naming the package. */
const PROM_CLIENT_MISSING = new HttpError(501, {
  code: 'metrics-need-prom-client',
  title: 'Metrics need prom-client',
  detail:
    'GET /__mock/metrics needs the optional package prom-client (15 or later): install it beside the mock (npm install prom-client) and restart it.',
  mock: true,
});

/** Whether `error` says that prom-client itself is not installed (not that something inside it failed). */
function isMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes("'prom-client'")
  );
}

/**
 * prom-client, loaded at the first scrape (about 18 ms of start-up otherwise); PROM_CLIENT_MISSING
 * where it is not installed (tried again at the next scrape).
 */
function promClientOf(load: LoadPromClient): () => Promise<PromClient> {
  let client: Promise<PromClient> | undefined;
  return () => {
    client ??= load().catch((error: unknown) => {
      client = undefined;
      throw isMissing(error) ? PROM_CLIENT_MISSING : error;
    });
    return client;
  };
}

let processRegistry: Registry | undefined;

/** The process's default metrics (CPU, memory, event loop, GC): one registry, whatever the apps. */
function processMetrics({ Registry, collectDefaultMetrics }: PromClient): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The gauges of the parts the default state gives (its webhook dispatcher, its database pool), read at each scrape. */
function sourceGauges(
  { Registry, Gauge }: PromClient,
  sources: MetricSources | undefined,
): { registry: Registry; refresh(): Promise<void> } {
  const registry = new Registry();
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  if (sources === undefined) return { registry, refresh: async () => {} };
  const { webhooks, databasePoolSize } = sources;
  // Counted by the store (on a shared database, every process's jobs) once per scrape, before the
  // gauges are read, so that the count's query is not among the queries in flight.
  let counts = { pending: 0, givenUp: 0 };
  let transcodes = 0;
  const refresh = async () => {
    try {
      counts = await webhooks.counts();
      if (sources.transcodes) transcodes = await sources.transcodes();
    } catch {
      // A store that cannot answer now (a database away): the last counts stay.
    }
  };
  const pending = 'Webhook deliveries not yet acknowledged nor given up';
  gauge('webhook_deliveries_pending', pending, () => counts.pending);
  const givenUp = 'Webhook deliveries given up after the retry window';
  gauge('webhook_deliveries_given_up', givenUp, () => counts.givenUp);
  if (sources.transcodes) {
    const waiting = 'Transcodes waiting or running, on every process of a shared mock';
    gauge('transcodes_pending', waiting, () => transcodes);
  }
  if (databasePoolSize === undefined) return { registry, refresh };
  gauge('database_pool_size', 'Most connections the database pool opens', () => databasePoolSize);
  gauge('database_queries_in_flight', 'Database queries running now in this process', queriesInFlight);
  return { registry, refresh };
}

/**
 * The metrics member of a platform: the same `Metrics` on every call (one per app, made on first
 * use); the sources given (the default state's) are what its gauges read. `load` is for tests.
 *
 * @example
 * const metricsOf = prometheusMetrics();
 * const metrics = metricsOf({ webhooks: state.webhooks });
 * metrics.observe('getVideo', 200, 0.0004);
 * (await metrics.render()).body; // '…video_api_mock_requests_total{operation="getVideo",status="200"} 1…'
 */
export function prometheusMetrics(
  load: LoadPromClient = () => import('prom-client'),
): (sources?: MetricSources) => Metrics {
  const promClient = promClientOf(load);
  let metrics: Metrics | undefined;
  let sources: MetricSources | undefined;
  return (given) => {
    sources ??= given;
    if (metrics !== undefined) return metrics;
    const requests = requestCounts(`${PREFIX}requests_total`, `${PREFIX}request_duration_seconds`);
    let gauges: ReturnType<typeof sourceGauges> | undefined;
    const render = async () => {
      const prom = await promClient();
      gauges ??= sourceGauges(prom, sources);
      await gauges.refresh();
      const { registry } = gauges;
      const body = `${await processMetrics(prom).metrics()}\n${requests.text()}\n${await registry.metrics()}`;
      return { contentType: registry.contentType, body };
    };
    metrics = { observe: requests.observe, render };
    return metrics;
  };
}
