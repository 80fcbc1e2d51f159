/**
 * What the mock needs from the runtime it runs in, and the portable defaults: videos in memory,
 * uploads read from the request's web stream into a bounded memory sink, log lines to the
 * console. The Node adapters (src/node/platform.ts) give disk, SQLite, busboy and hls.js
 * (where installed). What it needs per request from a server that received the request over a
 * socket (header lines, the whole body, a connection reset) is the request's `host` binding, a
 * `HostRequest` (src/http/context.ts), which Node's createApp makes (src/node/server/host-request.ts).
 */
import { receiveWebUpload, type UploadReceiver } from './api/receive-upload.js';
import type { MetricSources, Metrics } from './http/metrics.js';
import { OptionError } from './options.js';
import type { Log } from './shared/log.js';
import { createMemoryStore } from './state/memory-store.js';
import type { SourceProcessor } from './state/processing.js';
import { memorySink, type SourceSink } from './state/source-sink.js';
import type { VideoStore } from './state/video-store.js';
import type { ResolvedOptions } from './types.js';
import type { WebhookLedger } from './webhooks/ledger.js';
import type { WebhookDispatcher, WebhookDispatcherOptions } from './webhooks/types.js';

export interface Platform {
  /** Where videos live (`dataDir` needs a platform that has a disk). */
  openStore(options: ResolvedOptions): VideoStore;
  /** Where uploaded files go. */
  openSink(options: ResolvedOptions): SourceSink;
  /** Where a store keeps webhook targets and pending deliveries across restarts (a data dir's database). */
  webhookLedger?(store: VideoStore): WebhookLedger | undefined;
  /**
   * The webhook dispatcher of a state whose store other processes share: its targets and
   * deliveries are jobs there (`given`: what the state sets). None: the dispatcher of one process,
   * which keeps what outlives a restart in `webhookLedger`.
   */
  openWebhooks?(options: ResolvedOptions, given: WebhookDispatcherOptions): WebhookDispatcher | undefined;
  /** Reads the file of an upload into the sink. */
  receive: UploadReceiver;
  /** hls.js for the console's player, where the platform has it (src/console/console-assets.ts). */
  playerScript?(): Uint8Array | undefined;
  /**
   * The fetch webhook deliveries go through, where the platform can check the address a target's
   * name resolves to at connect time (`allow`: the `allowWebhookTargets` option); none: the
   * global fetch, with names and literal addresses checked before each delivery. The fetch may
   * carry `resolveAll(hostname)` (src/webhooks/target-check.ts `ResolvingFetch`): the addresses a
   * name resolves to through the same lookup, which the admin API's registration checks.
   */
  webhookFetch?(allow: readonly string[]): typeof fetch;
  /** Where log lines go unless the options say. */
  writeLog(line: string): void;
  /**
   * What makes renditions of uploads, per the `transcode` option (Node with ffmpeg); none: every
   * ready video plays the placeholder. Throws an OptionError when `transcode: 'on'` cannot be met.
   */
  openProcessor?(
    options: ResolvedOptions,
    parts: { sink: SourceSink; log: Log },
  ): SourceProcessor | undefined;
  /**
   * The app's metrics (Node: Prometheus, src/node/metrics/), the same on every call; the default
   * state gives `sources`, which gauges read at scrape time. None: the pipeline observes nothing
   * and `GET /__mock/metrics` answers 404.
   */
  metrics?(sources?: MetricSources): Metrics;
}

/**
 * The platform of runtimes with web APIs only (an edge runtime, a browser under msw).
 *
 * @example
 * const app = createApp({}, webPlatform());
 */
export function webPlatform(): Platform {
  return {
    openStore(options) {
      if (options.dataDir !== undefined) {
        throw new OptionError(
          `dataDir: "${options.dataDir}" is not accepted here (a data dir needs Node: use createApp from @video-api/mock-server under Node)`,
        );
      }
      return createMemoryStore();
    },
    openSink: (options) => memorySink(options.memoryUploadBytes),
    receive: receiveWebUpload,
    writeLog: (line) => console.error(line),
  };
}
