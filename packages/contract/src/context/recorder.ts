/**
 * The run's bookkeeping: runs checks and probes, records their results and observations, and
 * keeps why the run stopped. It sends no request; the driver keeps each answer where `evidence()` says.
 */
import { isReading, type ReadingOf } from '@video-api/schema';
import { entryOf } from '../support/catalogue.js';
import { answered5xx, first5xx, NotObservable } from '../support/evidence.js';
import { type Exchange, type NoAnswer, noAnswerIn } from '../support/http.js';
import type {
  CheckResult,
  Observation,
  ObservationId,
  ObservationOf,
  RunOptions,
  StoppedEarly,
} from '../support/types.js';
import { RateLimited } from '../support/wait-budget.js';
import { CheckFailure, CheckSkipped, explain } from './failures.js';
import type { Scope } from './scope.js';

/**
 * What a probe of unknown `Id` found: one of its readings (or `other`) with its evidence, or why
 * the unknown could not be seen. A reading `Id` does not have is a type error.
 */
export type Finding<Id extends ObservationId = ObservationId> = Id extends ObservationId
  ? { reading: ReadingOf<Id> | 'other'; evidence: string } | { notObserved: string }
  : never;

/** The failed check that records a run stopped outside any check (e.g. a probe's request lost). */
const STOPPED_CHECK = 'the target answers every request';

export class Recorder {
  readonly checks: CheckResult[] = [];
  readonly observations: Observation[] = [];
  /** Why the run stopped; every later check is skipped and every later probe not observed. */
  stopped: StoppedEarly | undefined;
  /** The answers of the API seen while a probe runs: none of them may be a 5xx (evidence.ts). */
  private seen: Exchange[] | undefined;

  constructor(
    private readonly onResult?: RunOptions['onResult'],
    readonly scope?: Scope,
    private readonly onProgress?: RunOptions['onProgress'],
  ) {}

  /**
   * Where an answer of the API sent now is kept as evidence: the running probe's list (taken when
   * the request is sent, so a late answer never lands in a later probe), or nowhere between probes.
   */
  evidence(): ((exchange: Exchange) => void) | undefined {
    const seen = this.seen;
    return seen && ((exchange) => seen.push(exchange));
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

  private record(result: CheckResult, startedAt?: number): boolean {
    const timed = { ...result, durationMs: startedAt === undefined ? 0 : Date.now() - startedAt };
    this.checks.push(timed);
    this.onResult?.(timed);
    this.onProgress?.({ type: 'check', result: timed });
    return result.verdict === 'pass';
  }

  /** Runs one check of something the document states; a thrown error is its failure. */
  async check(name: string, section: string, run: () => Promise<string | undefined>): Promise<boolean> {
    if (this.stopped) return this.skip(name, section, `not run: ${this.stopped.reason}`);
    const unchosen = this.scope?.unchosen(entryOf(name, section));
    if (unchosen) return this.skip(name, section, unchosen);
    const startedAt = Date.now();
    try {
      const detail = (await run()) ?? 'as the document states';
      return this.record({ name, verdict: 'pass', section, detail }, startedAt);
    } catch (error) {
      if (error instanceof CheckSkipped) return this.skip(name, section, error.message, startedAt);
      const noAnswer = this.stopOn(error, true);
      const detail =
        error instanceof CheckFailure || error instanceof RateLimited
          ? error.message
          : noAnswer
            ? noAnswer.message
            : `unexpected error: ${explain(error)}`;
      return this.record({ name, verdict: 'fail', section, detail }, startedAt);
    }
  }

  /** Records a check that could not run, with the reason; it does not fail the target. */
  skip(name: string, section: string, reason: string, startedAt?: number): false {
    this.record({ name, verdict: 'skipped', section, detail: reason }, startedAt);
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
    const startedAt = Date.now();
    const unchosen = this.scope?.unprobed(id);
    if (this.stopped) {
      observation = { id, verdict: 'not-observed', evidence: `not probed: ${this.stopped.reason}` };
    } else if (unchosen) {
      observation = { id, verdict: 'not-observed', evidence: unchosen };
    } else {
      const seen: Exchange[] = [];
      this.seen = seen;
      try {
        observation = this.found(id, await probe(), first5xx(seen));
      } catch (error) {
        const known =
          error instanceof NotObservable || error instanceof CheckSkipped || error instanceof RateLimited;
        const noAnswer = known ? undefined : this.stopOn(error);
        const why = known
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
    const recorded = { ...observation, durationMs: Date.now() - startedAt } as Observation;
    this.observations.push(recorded);
    this.onResult?.(recorded);
    this.onProgress?.({ type: 'observation', result: recorded });
    return observation;
  }

  /** The observation a finding makes: none from a 5xx, and a reading `id` lacks is `other`. */
  private found<Id extends ObservationId>(
    id: Id,
    found: Finding<Id>,
    failed: Exchange | undefined,
  ): ObservationOf<Id> {
    if ('notObserved' in found) return { id, verdict: 'not-observed', evidence: found.notObserved };
    if (failed) return { id, verdict: 'not-observed', evidence: answered5xx(failed) };
    const { reading, evidence } = found;
    return reading === 'other' || isReading(id, reading)
      ? { id, verdict: 'observed', reading, evidence }
      : { id, verdict: 'observed', reading: 'other', evidence: `${reading}: ${evidence}` };
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
  reading<Id extends ObservationId>(id: Id): ReadingOf<Id> | 'other' | undefined {
    return (this.observations.find((o) => o.id === id) as ObservationOf<Id> | undefined)?.reading;
  }
}
