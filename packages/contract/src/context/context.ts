/**
 * The run context handed to every check and probe: the recorder (results, observations, stops),
 * the request driver (`api`), and what the readiness probe found out about the target.
 */
import { type Exchange, isSuccess } from '../support/http.js';
import type { RunOptions, Target } from '../support/types.js';
import { RequestDriver } from './driver.js';
import { Recorder } from './recorder.js';

export type ReadinessPredicate = (video: Record<string, unknown>, key: string) => Promise<boolean>;

export type ContextOptions = Required<Omit<RunOptions, 'registerWebhook' | 'onResult'>> &
  Pick<RunOptions, 'registerWebhook' | 'onResult'>;

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
    super(options.onResult);
    this.api = new RequestDriver(target, options.requestTimeoutMs, () => this.evidence());
  }

  /**
   * Polls get-video until the readiness predicate holds; returns the polls seen. Stops early with
   * `settled` when the status rests on a word that is neither in progress nor known as ready.
   */
  async waitForReady(key: string): Promise<{ ready: boolean; polls: Exchange[]; settled?: string }> {
    const polls: Exchange[] = [];
    if (this.readinessUnknown !== undefined) return { ready: false, polls }; // nothing to wait for
    const deadline = Date.now() + this.options.readyTimeoutMs;
    const settleMs = Math.min(this.options.readyTimeoutMs / 2, 5000);
    let resting: { word: string; since: number } | undefined;
    while (Date.now() < deadline) {
      const exchange = await this.api.getVideo(key);
      polls.push(exchange);
      if (polls.length > 50) polls.splice(1, 1); // keep the first and the latest polls as evidence
      const video = exchange.json as Record<string, unknown> | undefined;
      if (isSuccess(exchange.status) && video && this.isReady && (await this.isReady(video, key))) {
        return { ready: true, polls };
      }
      const word = isSuccess(exchange.status) && video ? this.settledState?.(video) : undefined;
      if (word === undefined || word !== resting?.word)
        resting = word ? { word, since: Date.now() } : undefined;
      if (resting && Date.now() - resting.since >= settleMs) return { ready: false, polls, settled: word };
      await new Promise((resolve) => setTimeout(resolve, this.options.pollIntervalMs));
    }
    return { ready: false, polls };
  }
}
