/**
 * The lifecycle of a video on the virtual clock (§3): created → (uploading → uploaded →)
 * processing → ready or failed. Transitions come due on the clock; every change of the state a
 * client sees (under the `video-states` reading of its context) is emitted as a VideoEvent, in the
 * context of whoever caused it: a request's readings and origin, or the server's for the clock.
 * With a processor that gates readiness (`transcode: 'on'`), a video becomes ready only once its
 * renditions exist, and fails if the processor cannot read its source; the virtual clock's
 * processing time is a minimum. A processor that does not (`'auto'`) runs beside the clock and
 * changes no answer: the same states at the same virtual times as with no processor.
 */

import type { VirtualClock } from './clock.js';
import type { EventContext, EventSink } from './events.js';
import type { ProcessOutcome, SourceProcessor } from './processing.js';
import type { StoredSource } from './source-sink.js';
import type { Phase, VideoRecord } from './types.js';
import type { UploadInProgress } from './uploads-in-progress.js';
import { stateOf } from './video-shapes.js';
import type { VideoStore } from './video-store.js';

export interface LifecycleDeps {
  store: VideoStore;
  clock: VirtualClock;
  /** The context of transitions no request caused (the clock's): the server's readings. */
  serverContext: () => EventContext;
  processingMs: number;
  /** Whether the processing of the next upload fails (seeded failure rate). */
  drawFailure: () => boolean;
  /**
   * The GET representation of a record in the context of its event, built when called (the
   * context's origin is remembered at once, for the video's later events).
   */
  represent: (record: VideoRecord, phase: Phase, context: EventContext) => () => Record<string, unknown>;
  /** Where events go (webhooks and listeners subscribe there); an event nobody hears is not built. */
  events: EventSink;
  /** Makes renditions of each upload before it is ready; none: the placeholder plays. */
  processor?: SourceProcessor;
  /** Work no request waits for (the timer's settle, a processor's outcome) failed: the store's trouble, logged. */
  failed: (key: string | undefined, error: unknown) => void;
}

/** How often a process on a shared store looks for steps another process left (ms). */
const ADOPT_EVERY_MS = 1000;

/** When the next step of `schedule` comes due on the clock by itself (not awaiting a processor): `Infinity` for never. */
function nextDue(schedule: VideoRecord['schedule']): number {
  const step = schedule[0];
  return step && !step.awaitsProcessing ? step.at : Number.POSITIVE_INFINITY;
}

/**
 * The phase a stored record is in at `now`: its stored phase moved on by the steps of its schedule
 * that came due (the stored times decide, whoever applies them, so every process that reads the
 * record sees the same phase at the same virtual time).
 */
function phaseAt(record: VideoRecord, now: number): Phase {
  let phase = record.phase;
  for (const step of record.schedule) {
    if (step.at > now || step.awaitsProcessing) break;
    phase = step.phase;
  }
  return phase;
}

/**
 * Applies phase changes, schedules processing and emits events.
 *
 * @example
 * const upload = await lifecycle.uploadStarted('v-0001', { readings, origin });
 * await lifecycle.uploadCompleted(upload, { file, size }, { readings, origin });
 * await clock.advance(2000); await lifecycle.settle(); // the video is ready
 */
export class Lifecycle {
  readonly #deps: LifecycleDeps;
  readonly #clock: VirtualClock;
  readonly #store: VideoStore;
  /** The videos with steps to apply, and when the next comes due by itself (nextDue). */
  readonly #pending = new Map<string, number>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** On a shared store: the look for steps another process left (adoptDue). */
  #adopting: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(deps: LifecycleDeps) {
    this.#deps = deps;
    this.#clock = deps.clock;
    this.#store = deps.store;
    deps.processor?.adopt?.((key, outcome) => this.#completed(key, outcome));
  }

  /**
   * Takes up what the store holds: its scheduled steps, and (`resume`) processing a restart
   * interrupted. A store other processes share does not resume it: each of them would start the
   * same processing (there, a processor keeps its jobs in the store: src/node/transcode/shared-processor.ts).
   */
  async start(resume = true): Promise<void> {
    for (const record of await this.#store.list()) {
      if (record.schedule.length > 0) this.#pending.set(record.key, nextDue(record.schedule));
      if (resume && record.source && record.schedule.some((step) => step.awaitsProcessing))
        this.#process(record.key, record.source);
    }
    await this.settle();
    if (this.#store.dueSteps && this.#adopting === undefined && !this.#closed) {
      const timer: { unref?: () => void } = setInterval(() => {
        this.adoptDue().catch((error: unknown) => this.#deps.failed(undefined, error));
      }, ADOPT_EVERY_MS);
      timer.unref?.();
      this.#adopting = timer as ReturnType<typeof setInterval>;
    }
  }

  /**
   * On a store other processes share: applies (with their events) the steps that came due which
   * another process scheduled and did not apply (it was killed); every process looks each
   * ADOPT_EVERY_MS, and the row lock of the update lets one of them apply each step, once.
   */
  async adoptDue(): Promise<void> {
    const due = await this.#store.dueSteps?.(this.#clock.now());
    if (!due || due.length === 0 || this.#closed) return;
    for (const { key, at } of due) if (!this.#pending.has(key)) this.#pending.set(key, at);
    await this.settle();
  }

  /**
   * The phase a client sees: the stored times at the clock's now; `uploading` while a first upload
   * streams in (through any process of the store: the store's uploads in progress say it).
   */
  phaseOf(record: VideoRecord): Phase {
    const phase = this.#timed(record);
    return phase === 'created' && this.#store.uploads.has(record) ? 'uploading' : phase;
  }

  /** Emits the creation of a record (already stored). */
  created(record: VideoRecord, context: EventContext): void {
    this.#emit(context, record, null, 'created');
  }

  /**
   * An upload of `key` began streaming in; resolves to it, for `uploadCompleted` or
   * `uploadAbandoned`. Only the first of the video's uploads in progress changes its phase.
   */
  async uploadStarted(key: string, context: EventContext): Promise<UploadInProgress> {
    const upload = await this.#store.uploads.begin(key);
    const record = upload.first ? await this.#store.get(key) : undefined;
    if (record) this.#emit(context, record, this.#timed(record), this.phaseOf(record));
    return upload;
  }

  /** An upload ended without storing anything (abort, limit, bad form); the video's last one changes its phase back. */
  async uploadAbandoned(upload: UploadInProgress, context: EventContext): Promise<void> {
    const last = await upload.end();
    const record = last ? await this.#store.get(upload.key) : undefined;
    if (record && record.phase === 'created') this.#emit(context, record, 'uploading', 'created');
  }

  /**
   * Stores the uploaded source on the video as it is now and schedules processing (§3); resolves
   * to the stored record, or undefined when the video is gone.
   */
  async uploadCompleted(
    upload: UploadInProgress,
    source: StoredSource,
    context: EventContext,
  ): Promise<{ before: VideoRecord; next: VideoRecord } | undefined> {
    const { key } = upload;
    const ms = this.#deps.processingMs;
    const end: Phase = this.#deps.drawFailure() ? 'failed' : 'ready';
    const processor = this.#deps.processor;
    const awaited = processor?.gatesReadiness === true && end === 'ready';
    let before: VideoRecord | undefined;
    let shown: Phase = 'created';
    const next = await this.#store
      .update(key, (record) => {
        before = record;
        shown = this.phaseOf(record); // `uploading` while this upload counts
        const now = this.#clock.now();
        const { renditions: _, ...earlier } = record;
        return {
          ...earlier,
          source,
          phase: 'uploaded',
          updatedAt: now,
          schedule: [
            { at: now + Math.floor(ms / 2), phase: 'processing' },
            { at: now + ms, phase: end, ...(awaited && { awaitsProcessing: true as const }) },
          ],
        };
      })
      // Ended once stored (a failure to end it leaves its lease to run out: the video has a source now).
      .finally(() => upload.end().catch(() => false));
    if (!next || !before) return undefined;
    this.#pending.set(key, nextDue(next.schedule));
    if (processor && end === 'ready') this.#process(key, source);
    else processor?.cancel(key);
    this.#emit(context, next, shown, 'uploaded');
    await this.settle(context);
    return { before, next };
  }

  /** Moves a video to `phase` now, dropping what was scheduled. */
  async force(
    key: string,
    phase: Phase,
    context = this.#deps.serverContext(),
  ): Promise<VideoRecord | undefined> {
    const next = await this.#store.update(key, (record) => {
      const before = this.phaseOf(record);
      if (record.schedule.some((step) => step.awaitsProcessing)) this.#deps.processor?.cancel(key);
      const forced = { ...record, phase, schedule: [], updatedAt: this.#clock.now() };
      this.#emit(context, forced, before, phase); // with the change, as a step of the clock (settle)
      return forced;
    });
    if (!next) return undefined;
    this.#pending.delete(key);
    return next;
  }

  /** Whether any video has steps scheduled (a read settles first only then: no promise per read otherwise). */
  get scheduled(): boolean {
    return this.#pending.size !== 0;
  }

  /** Applies every transition that came due on the virtual clock (in the server's context unless a request's is given). */
  async settle(context?: EventContext): Promise<void> {
    if (this.#pending.size === 0) return; // nothing scheduled: nothing to apply, no timer to arm
    const now = this.#clock.now();
    for (const [key, due] of [...this.#pending]) {
      if (due > now) continue;
      // Each step applied and its event emitted inside the update: the step and its event are one
      // unit (a shared store writes the event's deliveries in the update's transaction,
      // src/node/postgres/outbox.ts), so no process killed in between loses the event.
      const record = await this.#store.update(key, (current) => {
        let next = current;
        for (
          let step = next.schedule[0];
          step && step.at <= now && !step.awaitsProcessing;
          step = next.schedule[0]
        ) {
          const before = next.phase;
          next = { ...next, phase: step.phase, schedule: next.schedule.slice(1), updatedAt: step.at };
          this.#emit(context ?? this.#deps.serverContext(), next, before, next.phase, next.updatedAt);
        }
        return next;
      });
      if (!record) {
        this.#pending.delete(key);
        continue;
      }
      if (record.schedule.length === 0) this.#pending.delete(key);
      else this.#pending.set(key, nextDue(record.schedule));
    }
    this.#arm();
  }

  /** Forgets scheduled work (after a store reset, which forgot the uploads in progress). */
  reset(): void {
    this.#pending.clear();
    this.#deps.processor?.clear();
    this.#arm();
  }

  /** Stops the timer and the processor's jobs (their videos resume processing after a restart). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#adopting) clearInterval(this.#adopting);
    await this.#deps.processor?.close();
  }

  /** The phase of `record` at the clock's now by its stored times, uploads in progress aside. */
  #timed(record: VideoRecord): Phase {
    return record.schedule.length === 0 ? record.phase : phaseAt(record, this.#clock.now());
  }

  #process(key: string, source: StoredSource): void {
    this.#deps.processor?.start(key, source, (outcome) => this.#completed(key, outcome));
  }

  #completed(key: string, outcome: ProcessOutcome): void {
    this.#processed(key, outcome).catch((error: unknown) => this.#deps.failed(key, error));
  }

  /** The processor is done with `key`: its awaited step comes due (as `failed` if it failed), not before now. */
  async #processed(key: string, outcome: ProcessOutcome): Promise<void> {
    if (this.#closed) return;
    const record = await this.#store.update(key, (current) => {
      if (!current.schedule.some((step) => step.awaitsProcessing)) return current;
      const now = this.#clock.now();
      const schedule = current.schedule.map((step) =>
        step.awaitsProcessing
          ? { at: Math.max(step.at, now), phase: outcome.ok ? step.phase : ('failed' as const) }
          : step,
      );
      return { ...current, schedule, ...(outcome.ok && { renditions: true as const }) };
    });
    if (!record || record.schedule.length === 0) return;
    this.#pending.set(key, nextDue(record.schedule));
    await this.settle();
  }

  #emit(context: EventContext, record: VideoRecord, before: Phase | null, after: Phase, at?: number): void {
    const videoStates = context.readings['video-states'];
    const previousState = before === null ? null : stateOf(before, videoStates);
    const state = stateOf(after, videoStates);
    if (previousState === state) return;
    const video = this.#deps.represent(record, after, context);
    // An event nobody receives is not built (a create answers without a representation it never shows).
    if (!this.#deps.events.heard()) return;
    const event = {
      videoKey: record.key,
      state,
      previousState,
      occurredAt: this.#clock.iso(at),
      video: video(),
    };
    this.#deps.events.emit(event, context);
  }

  /** In real-time mode, wakes up when the next transition comes due. */
  #arm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#closed || !this.#clock.realTime || this.#pending.size === 0) return;
    let next = Number.POSITIVE_INFINITY;
    for (const due of this.#pending.values()) if (due < next) next = due;
    if (!Number.isFinite(next)) return;
    const delay = Math.max(0, Math.min(next - this.#clock.now(), 2 ** 31 - 1));
    const timer: { unref?: () => void } = setTimeout(() => {
      this.settle().catch((error: unknown) => this.#deps.failed(undefined, error));
    }, delay);
    timer.unref?.(); // Node: a pending transition does not keep the process alive
    this.#timer = timer as ReturnType<typeof setTimeout>;
  }
}
