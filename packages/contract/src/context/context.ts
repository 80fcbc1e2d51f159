/**
 * The run context: records checks and observations, and offers the four operations of the
 * document as raw exchanges, so every check sees statuses, headers and bodies as sent.
 */
import { answered5xx, first5xx, NotObservable } from '../support/evidence.js';
import {
  type Auth,
  describe,
  type Exchange,
  fetchWithin,
  isSuccess,
  type NoAnswer,
  noAnswerIn,
  type SendOptions,
  send,
} from '../support/http.js';
import { SAMPLE_VIDEO_NAME, SAMPLE_VIDEO_TYPE, sampleVideo } from '../support/sample-video.js';
import type {
  CheckResult,
  Observation,
  ObservationId,
  ObservationOf,
  RunOptions,
  StoppedEarly,
  Target,
} from '../support/types.js';
import { isKnownReading, type ObservedReadingOf } from '../support/unknowns.js';

/** Thrown by a check to fail with a message that says what was expected and what came. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** Thrown by a check that cannot decide on this target: it is recorded as skipped, with the reason. */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}

export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

export type ReadinessPredicate = (video: Record<string, unknown>, key: string) => Promise<boolean>;

/**
 * What a probe of unknown `Id` found: one of its readings (or `other`) with its evidence, or why
 * the unknown could not be seen. A reading `Id` does not have is a type error.
 */
export type Finding<Id extends ObservationId = ObservationId> =
  | { reading: ObservedReadingOf<Id> | 'other'; evidence: string }
  | { notObserved: string };

export type ContextOptions = Required<Omit<RunOptions, 'registerWebhook' | 'onResult'>> &
  Pick<RunOptions, 'registerWebhook' | 'onResult'>;

const encode = encodeURIComponent;

/** The failed check that records a run stopped outside any check (e.g. a probe's request lost). */
export const STOPPED_CHECK = 'the target answers every request';

/** An error as one line, with its causes (fast-check and the SDK keep the server's answer there). */
export function explain(error: unknown): string {
  const parts: string[] = [];
  for (let link = error, depth = 0; link !== undefined && link !== null && depth < 4; depth++) {
    parts.push(link instanceof Error ? `${link.name}: ${link.message}` : String(link));
    link = link instanceof Error ? link.cause : undefined;
  }
  return parts.join('; caused by ');
}

export class Context {
  readonly checks: CheckResult[] = [];
  readonly observations: Observation[] = [];
  /** Set by the readiness probe; the document does not show the readiness field (§4.3). */
  isReady: ReadinessPredicate | undefined;
  /** Set by the readiness probe: the status word of a video that is done but not known as ready. */
  settledState: ((video: Record<string, unknown>) => string | undefined) | undefined;
  /** Set by the readiness probe when a video shows ready before any upload (§3 does not say). */
  readyBeforeUpload = false;
  /** Why readiness cannot be told on this target; the checks that need it are skipped. */
  readinessUnknown: string | undefined;
  /** Why the run stopped; every later check is skipped and every later probe not observed. */
  stopped: StoppedEarly | undefined;
  /** The target's fetch, bounded by the request timeout (for the SDK). */
  readonly fetch: Target['fetch'];
  private created = 0;
  /** The answers of the API seen while a probe runs: none of them may be a 5xx (evidence.ts). */
  private seen: Exchange[] | undefined;

  constructor(
    readonly target: Target,
    readonly options: ContextOptions,
  ) {
    this.fetch = fetchWithin(target.fetch, options.requestTimeoutMs);
  }

  /** Stops the run (the first reason wins). */
  stop(cause: StoppedEarly['cause'], reason: string): void {
    this.stopped ??= { cause, reason };
  }

  /**
   * Stops the run outside a check (in a probe, a step, or before the first request) and records
   * the stop as a failed check, so every report (summary, JSON, Markdown, JUnit) shows it failed.
   */
  stopWithFailure(cause: StoppedEarly['cause'], reason: string): void {
    if (this.stopped) return;
    this.stop(cause, reason);
    const stoppedAnswering = cause === 'no-answer' || cause === 'unreachable';
    this.record({
      name: STOPPED_CHECK,
      verdict: 'fail',
      section: '4',
      detail: stoppedAnswering ? `the target stopped answering: ${reason}` : `the run stopped: ${reason}`,
    });
  }

  /** Stops the run on a request that got no answer; outside a check the stop is itself a failure. */
  private stopOn(error: unknown, inCheck = false): NoAnswer | undefined {
    const noAnswer = noAnswerIn(error);
    if (!noAnswer) return undefined;
    const cause = noAnswer.kind === 'timeout' ? 'no-answer' : 'unreachable';
    if (inCheck) this.stop(cause, noAnswer.message);
    else this.stopWithFailure(cause, noAnswer.message);
    return noAnswer;
  }

  private record(result: CheckResult): boolean {
    this.checks.push(result);
    this.options.onResult?.(result);
    return result.verdict === 'pass';
  }

  /** Runs one check of something the document states; a thrown error is its failure. */
  async check(name: string, section: string, run: () => Promise<string | undefined>): Promise<boolean> {
    if (this.stopped) return this.skip(name, section, `not run: ${this.stopped.reason}`);
    try {
      const detail = (await run()) ?? 'as the document states';
      return this.record({ name, verdict: 'pass', section, detail });
    } catch (error) {
      if (error instanceof CheckSkipped) return this.skip(name, section, error.message);
      const noAnswer = this.stopOn(error, true);
      const detail =
        error instanceof CheckFailure
          ? error.message
          : noAnswer
            ? noAnswer.message
            : `unexpected error: ${explain(error)}`;
      return this.record({ name, verdict: 'fail', section, detail });
    }
  }

  /** Records a check that could not run, with the reason; it does not fail the target. */
  skip(name: string, section: string, reason: string): false {
    this.record({ name, verdict: 'skipped', section, detail: reason });
    return false;
  }

  /**
   * Runs one probe of an unknown; it never fails the target. No reading is drawn from a 5xx: when
   * an answer the probe got (or refused with `refuse5xx`) is one, the unknown is not observed.
   */
  async observe<Id extends ObservationId>(
    id: Id,
    probe: () => Promise<Finding<Id>>,
  ): Promise<ObservationOf<Id>> {
    let observation: ObservationOf<Id>;
    if (this.stopped) {
      observation = { id, verdict: 'not-observed', evidence: `not probed: ${this.stopped.reason}` };
    } else {
      const seen: Exchange[] = [];
      this.seen = seen;
      try {
        const found = await probe();
        const failed = first5xx(seen);
        if ('notObserved' in found) {
          observation = { id, verdict: 'not-observed', evidence: found.notObserved };
        } else if (failed) {
          observation = { id, verdict: 'not-observed', evidence: answered5xx(failed) };
        } else {
          const { reading, evidence } = found;
          observation =
            reading === 'other' || isKnownReading(id, reading)
              ? { id, verdict: 'observed', reading, evidence }
              : { id, verdict: 'observed', reading: 'other', evidence: `${reading}: ${evidence}` };
        }
      } catch (error) {
        const noAnswer = error instanceof NotObservable ? undefined : this.stopOn(error);
        const why =
          error instanceof NotObservable
            ? error.message
            : noAnswer
              ? noAnswer.message
              : `the probe could not decide: ${explain(error)}`;
        observation = { id, verdict: 'not-observed', evidence: why };
      } finally {
        this.seen = undefined;
      }
    }
    // ObservationOf<Id> is one member of the Observation union; TypeScript cannot tell for a generic Id.
    const recorded = observation as Observation;
    this.observations.push(recorded);
    this.options.onResult?.(recorded);
    return observation;
  }

  /**
   * Runs a step between checks (a request whose answer later checks read). Returns undefined, and
   * stops the run, when it gets no answer; undefined too when the run has already stopped. Other
   * errors propagate.
   */
  async step<T>(run: () => Promise<T>): Promise<T | undefined> {
    if (this.stopped) return undefined;
    try {
      return await run();
    } catch (error) {
      if (!this.stopOn(error)) throw error;
      return undefined;
    }
  }

  /** The reading observed for `id` (undefined when not observed). */
  reading(id: ObservationId): string | undefined {
    return this.observations.find((o) => o.id === id)?.reading;
  }

  /** A title unique to this run, so several runs against one server do not mix. */
  title(label: string): string {
    this.created += 1;
    return `contract ${label} #${this.created} ${Date.now().toString(36)}`;
  }

  /** One raw exchange with the API, bounded by the request timeout (kept as a probe's evidence). */
  async send(options: SendOptions): Promise<Exchange> {
    const seen = this.seen;
    const exchange = await send(this.target, { timeoutMs: this.options.requestTimeoutMs, ...options });
    seen?.push(exchange);
    return exchange;
  }

  // §4.1
  createVideos(videos: Array<{ title: string; tags?: string[] }>, auth: Auth = 'token') {
    return this.send({
      method: 'POST',
      path: '/api/v1/videos',
      auth,
      json: { projectKey: this.target.projectKey, videos },
    });
  }

  /** Creates one video and returns its key; fails the calling check when create does not work. */
  async createOne(label: string): Promise<string> {
    const exchange = await this.createVideos([{ title: this.title(label) }]);
    const body = exchange.json;
    const key = (Array.isArray(body) ? body[0] : undefined)?.key;
    ensure(isSuccess(exchange.status), `create failed: ${describe(exchange)}`);
    ensure(
      !Array.isArray(body) || body.length === 1,
      `create of one video answered ${(body as unknown[]).length} elements, expected one element per requested video (§4.1): ${describe(exchange)}`,
    );
    ensure(typeof key === 'string', `create gave no video key: ${describe(exchange)}`);
    return key;
  }

  // §4.2
  upload(key: string, options: { auth?: Auth; bytes?: number; field?: string; body?: BodyInit } = {}) {
    const form = new FormData();
    // A real video unless a size is asked for (limit probes): servers process what is uploaded.
    const bytes = options.bytes === undefined ? sampleVideo() : sampleBytes(options.bytes);
    form.append(options.field ?? 'file', new Blob([bytes], { type: SAMPLE_VIDEO_TYPE }), SAMPLE_VIDEO_NAME);
    return this.send({
      method: 'POST',
      path: `/api/upload/v1/form-data/videos/${encode(key)}`,
      upload: true,
      auth: options.auth ?? 'token',
      body: options.body ?? form,
      ...(options.body === undefined ? {} : { headers: { 'content-type': 'application/json' } }),
    });
  }

  // §4.3
  getVideo(key: string, auth: 'token' | 'other' | 'none' = 'token') {
    return this.send({ path: `/api/v1/videos/${encode(key)}`, auth });
  }

  // §4.4
  putFields(key: string, simpleCustomFields: unknown, auth: 'token' | 'other' | 'none' = 'token') {
    return this.send({
      method: 'PUT',
      path: `/api/v1/videos/${encode(key)}/custom-fields`,
      auth,
      json: { simpleCustomFields },
    });
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
      const exchange = await this.getVideo(key);
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

/** Deterministic bytes that look like nothing in particular (not a real video: §4.2 shows no check). */
export function sampleBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}
