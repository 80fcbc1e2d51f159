/**
 * The run context handed to every check and probe: the recorder (results, observations, stops),
 * the request driver (`api`), and what the readiness probe found out about the target.
 */
import { parseRetryAfter } from '@video-api/schema';
import { type Exchange, isSuccess } from '../support/http.js';
import { showValue } from '../support/shown.js';
import type { RunOptions, Target } from '../support/types.js';
import { WaitBudget } from '../support/wait-budget.js';
import { RequestDriver } from './driver.js';
import { Ledger } from './ledger.js';
import { Recorder } from './recorder.js';
import { Scope } from './scope.js';

export type ReadinessPredicate = (video: Record<string, unknown>, key: string) => Promise<boolean>;

export type ContextOptions = Required<Omit<RunOptions, 'registerWebhook' | 'onResult' | 'onProgress'>> &
  Pick<RunOptions, 'registerWebhook' | 'onResult' | 'onProgress'>;

/** A wait for readiness: the polls kept as evidence (the first, each change, the last) and a summary. */
export interface Waited {
  ready: boolean;
  polls: Exchange[];
  settled?: string;
  /** `950 polls in 95.2 s, first state "processing", last "ready"`. */
  summary: string;
}

export class Context extends Recorder {
  /** Sends the operations of the document to the target. */
  readonly api: RequestDriver;
  /** Set by the readiness probe; the document does not show the readiness field (§4.3). */
  isReady: ReadinessPredicate | undefined;
  /** Set by the readiness probe: the status word of a video that is done but not known as ready. */
  settledState: ((video: Record<string, unknown>) => string | undefined) | undefined;
  /** Set by the readiness probe when a video shows ready before any upload (§3 does not say). */
  readyBeforeUpload = false;
  /** Why readiness cannot be told on this target; the checks that need it are skipped. */
  readinessUnknown: string | undefined;

  constructor(
    readonly target: Target,
    readonly options: ContextOptions,
  ) {
    super(options.onResult, new Scope(options.profile, options.only, options.skip), options.onProgress);
    const budget = new WaitBudget(options.maxWaitMs, (wait) =>
      options.onProgress?.({ type: 'rate-limited', ...wait }),
    );
    const ledger = new Ledger(options.maxVideos, target.projectKey);
    this.api = new RequestDriver(target, options.requestTimeoutMs, () => this.evidence(), budget, ledger);
  }

  /** Why no video can become ready in this run (no upload answered 2XX on the upload host), if so. */
  noUploadAccepted(): string | undefined {
    const host = this.api.hostOf(true);
    if (this.api.ledger.hasReached('uploadVideoSource', host)) return undefined;
    return `no upload was accepted on ${host}, so no video can become ready (is the upload on another host? --upload-base-url)`;
  }

  /**
   * Polls get-video until the readiness predicate holds, with backoff (the interval grows by half
   * up to `maxPollIntervalMs`, and a Retry-After on an answer is honoured), reporting a heartbeat
   * every `heartbeatMs`. Stops early with `settled` when the status rests on a word that is neither
   * in progress nor known as ready.
   */
  async waitForReady(key: string): Promise<Waited> {
    const polls: Exchange[] = [];
    const started = Date.now();
    let count = 0;
    let first: string | undefined;
    let last: string | undefined;
    const summary = () =>
      `${count} poll${count === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s, first state ${first ?? '(none)'}, last ${last ?? '(none)'}`;
    // Nothing to wait for: readiness cannot be told, or no upload was ever accepted.
    if (this.readinessUnknown !== undefined || this.noUploadAccepted())
      return { ready: false, polls, summary: summary() };
    const { readyTimeoutMs, pollIntervalMs, maxPollIntervalMs, heartbeatMs } = this.options;
    const deadline = started + readyTimeoutMs;
    const settleMs = Math.min(readyTimeoutMs / 2, 5000);
    let resting: { word: string; since: number } | undefined;
    let interval = pollIntervalMs;
    let beat = started;
    while (Date.now() < deadline) {
      const exchange = await this.api.getVideo(key);
      count += 1;
      const video = exchange.json as Record<string, unknown> | undefined;
      const state = stateShown(exchange, video);
      first ??= state;
      // Evidence keeps the first poll, every poll whose state changed, and the last one.
      if (state !== last || polls.length === 0) polls.push(exchange);
      else polls[polls.length - 1] = exchange;
      if (polls.length > 50) polls.splice(1, 1);
      last = state;
      if (isSuccess(exchange.status) && video && this.isReady && (await this.isReady(video, key))) {
        return { ready: true, polls, summary: summary() };
      }
      const word = isSuccess(exchange.status) && video ? this.settledState?.(video) : undefined;
      if (word === undefined || word !== resting?.word)
        resting = word ? { word, since: Date.now() } : undefined;
      if (resting && Date.now() - resting.since >= settleMs)
        return { ready: false, polls, settled: word, summary: summary() };
      if (Date.now() - beat >= heartbeatMs) {
        beat = Date.now();
        const what = `video ${key} to become ready (§3)`;
        this.options.onProgress?.({
          type: 'waiting',
          what,
          elapsedMs: beat - started,
          polls: count,
          lastState: state,
        });
      }
      const asked = parseRetryAfter(exchange.headers.get('retry-after'), Date.now()) ?? 0;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(Math.max(interval, asked), deadline - Date.now())),
      );
      interval = Math.min(Math.ceil(interval * 1.5), Math.max(maxPollIntervalMs, pollIntervalMs));
    }
    return { ready: false, polls, summary: summary() };
  }
}

/** The state a poll shows: its status word when it has one, else its HTTP status. */
function stateShown(exchange: Exchange, video: Record<string, unknown> | undefined): string {
  const word = video?.status ?? video?.state;
  return typeof word === 'string' ? showValue(word) : `HTTP ${exchange.status}`;
}
