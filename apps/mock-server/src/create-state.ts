/**
 * createState: one state of the mock (src/instance/mock-state.ts), built from resolved options on
 * a platform: the store, the sink and the processor the platform opens, the clock, the readings,
 * the lifecycle and its events (webhooks subscribe to them), the journal, faults and webhooks.
 * A root file because it reads the options and the platform; the routes, the control and the
 * admin API take the parts they use (src/mock-instance.ts mounts them).
 */
import { createFaults } from './faults/create-faults.js';
import type { RoutedOperationId } from './http/operations.js';
import { RateLimiter } from './http/rate-limit.js';
import type { MockState } from './instance/mock-state.js';
import { shareJournal } from './instance/shared-journal.js';
import { syncState } from './instance/state-sync.js';
import type { Platform } from './platform.js';
import { ServerReadings } from './readings/server-readings.js';
import { createLog, type Log } from './shared/log.js';
import { seededRandom } from './shared/random.js';
import { VirtualClock } from './state/clock.js';
import { storedDefinitions } from './state/defined-fields.js';
import { videoEvents } from './state/events.js';
import { Journal } from './state/journal.js';
import { Lifecycle } from './state/lifecycle.js';
import { createOrigins } from './state/origins.js';
import type { SourceProcessor } from './state/processing.js';
import { createRepresenter } from './state/representer.js';
import type { SourceSink } from './state/source-sink.js';
import type { VideoStore } from './state/video-store.js';
import type { ResolvedOptions } from './types.js';
import { createWebhookDispatcher, webhookSubscriber } from './webhooks/dispatcher.js';
import type { WebhookDispatcherOptions, WebhookLogEntry } from './webhooks/types.js';

/** The platform's processor, if it has one; if it cannot be opened, what was opened before it is closed. */
function openProcessor(
  platform: Platform,
  options: ResolvedOptions,
  parts: { store: VideoStore; sink: SourceSink; log: Log },
): SourceProcessor | undefined {
  try {
    return platform.openProcessor?.(options, parts);
  } catch (error) {
    void parts.store.close();
    parts.sink.dispose();
    throw error;
  }
}

/** The webhook dispatcher of a state, per the options and what the platform gives it. */
function webhooksOf(
  options: ResolvedOptions,
  platform: Platform,
  parts: Pick<MockState, 'log' | 'clock' | 'readings' | 'store'>,
) {
  const { log, clock, readings, store } = parts;
  const given = {
    readings: () => readings.current(),
    seed: options.seed,
    log: ({ level, ...entry }: WebhookLogEntry) => log(level, entry),
    clock,
    retry: options.webhookRetry,
    allowTargets: options.allowWebhookTargets,
    ...(platform.webhookFetch && { fetch: platform.webhookFetch(options.allowWebhookTargets) }),
    targets: options.webhooks.map((url) => ({
      url,
      ...(options.webhookSecret !== undefined && { secret: options.webhookSecret }),
    })),
  } satisfies WebhookDispatcherOptions;
  const ledger = platform.webhookLedger?.(store);
  return (
    platform.openWebhooks?.(options, given) ??
    createWebhookDispatcher({ ...given, ...(ledger && { ledger }) })
  );
}

/**
 * Builds one state from resolved options on `platform`.
 *
 * @example
 * const state = createState(resolveOptions({}), webPlatform());
 * await state.started;
 * await state.store.list(); // []
 */
export function createState(options: ResolvedOptions, platform: Platform): MockState {
  const log = createLog(options.logLevel, options.logger);
  const store = platform.openStore(options);
  const sink = platform.openSink(options);
  const processor = openProcessor(platform, options, { store, sink, log });
  const clock = new VirtualClock(options.realTimeClock, Date.now(), 0, (offset) =>
    store.setClockOffset(offset),
  );
  const definitions = storedDefinitions(store);
  const readings = new ServerReadings(options.readings);
  const origins = createOrigins(options.streamingBase);
  const faults = createFaults({
    seed: options.seed,
    now: () => clock.now(),
    ...(store.faultRules && { shared: store.faultRules }),
  });
  const webhooks = webhooksOf(options, platform, { log, clock, readings, store });
  const events = videoEvents();
  events.subscribe(webhookSubscriber(webhooks));
  const failures = seededRandom(options.seed);
  const represent = createRepresenter({
    phaseOf: (record) => lifecycle.phaseOf(record),
    clock,
    origins,
    defined: () => definitions.current(),
  });
  const lifecycle = new Lifecycle({
    store,
    clock,
    serverContext: () => ({ readings: readings.current() }),
    processingMs: options.processingMs,
    drawFailure: () => options.failureRate > 0 && failures() < options.failureRate,
    represent: (record, phase, context) => represent.event(record, phase, context),
    events,
    ...(processor && { processor }),
    failed: (key, error) => log('error', { msg: 'lifecycle: the store failed', key, error: String(error) }),
  });
  const journal = new Journal();
  const sharedJournal = store.journalFeed && shareJournal(journal, store.journalFeed);
  const state = {
    started: Promise.resolve(),
    waiting: (): Promise<void> | undefined => undefined,
    log,
    store,
    sink,
    ...(processor && { processor }),
    clock,
    definitions,
    readings,
    origins,
    lifecycle,
    events,
    represent,
    journal,
    limiter: new RateLimiter(options.rateLimit, store.countRequest?.bind(store)),
    faults,
    webhooks,
    uploads: new Set(),
    tokens: options.tokens,
    projects: options.projects,
    limits: options,
    adminToken: options.adminToken,
    eventContext: (c) => events.contextOf(c.get('readings'), c.get('origin')),
    uploadReadRate: (c) =>
      faults.uploadReadRate(
        c.get('operationId') ?? ('uploadVideoSource' satisfies RoutedOperationId),
        c.get('faultPlan'),
      ),
  } satisfies MockState;
  const sync = syncState(state, sharedJournal);
  state.started = sync.started;
  state.waiting = sync.waiting;
  return state;
}
