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
}

/**
 * Applies phase changes, schedules processing and emits events.
 *
 * @example
 * lifecycle.uploadCompleted(record, { file, size }, { readings, origin });
 * clock.advance(2000); lifecycle.settle(); // the video is ready
 */
export class Lifecycle {
  readonly #deps: LifecycleDeps;
  readonly #clock: VirtualClock;
  readonly #store: VideoStore;
  readonly #uploading = new Map<string, number>();
  readonly #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(deps: LifecycleDeps) {
    this.#deps = deps;
    this.#clock = deps.clock;
    this.#store = deps.store;
    for (const record of deps.store.list()) {
      if (record.schedule.length > 0) this.#pending.add(record.key);
      // Processing that a restart interrupted starts again.
      if (record.source && record.schedule.some((step) => step.awaitsProcessing))
        this.#process(record.key, record.source);
    }
    this.#arm();
  }

  /** The phase a client sees: `uploading` while a first upload streams in. */
  phaseOf(record: VideoRecord): Phase {
    return record.phase === 'created' && this.#uploading.has(record.key) ? 'uploading' : record.phase;
  }

  /** Emits the creation of a record (already stored). */
  created(record: VideoRecord, context: EventContext): void {
    this.#emit(context, record, null, 'created');
  }

  uploadStarted(key: string, context: EventContext): void {
    const record = this.#store.get(key);
    this.#uploading.set(key, (this.#uploading.get(key) ?? 0) + 1);
    if (record) this.#emit(context, record, record.phase, this.phaseOf(record));
  }

  /** An upload ended without storing anything (abort, limit, bad form). */
  uploadAbandoned(key: string, context: EventContext): void {
    this.#release(key);
    const record = this.#store.get(key);
    if (record && record.phase === 'created') this.#emit(context, record, 'uploading', 'created');
  }

  /** Stores the uploaded source and schedules processing (§3). */
  uploadCompleted(record: VideoRecord, source: StoredSource, context: EventContext): VideoRecord {
    const before = this.phaseOf(record);
    this.#release(record.key);
    const now = this.#clock.now();
    const ms = this.#deps.processingMs;
    const end: Phase = this.#deps.drawFailure() ? 'failed' : 'ready';
    const processor = this.#deps.processor;
    const awaited = processor?.gatesReadiness === true && end === 'ready';
    const { renditions: _, ...earlier } = record;
    const next: VideoRecord = {
      ...earlier,
      source,
      phase: 'uploaded',
      updatedAt: now,
      schedule: [
        { at: now + Math.floor(ms / 2), phase: 'processing' },
        { at: now + ms, phase: end, ...(awaited && { awaitsProcessing: true as const }) },
      ],
    };
    this.#store.put(next);
    this.#pending.add(next.key);
    if (processor && end === 'ready') this.#process(next.key, source);
    else processor?.cancel(next.key);
    this.#emit(context, next, before, 'uploaded');
    this.settle(context);
    return next;
  }

  /** Moves a video to `phase` now, dropping what was scheduled. */
  force(key: string, phase: Phase, context = this.#deps.serverContext()): VideoRecord | undefined {
    const record = this.#store.get(key);
    if (!record) return undefined;
    if (record.schedule.some((step) => step.awaitsProcessing)) this.#deps.processor?.cancel(key);
    const next = { ...record, phase, schedule: [], updatedAt: this.#clock.now() };
    this.#store.put(next);
    this.#pending.delete(key);
    this.#emit(context, next, this.phaseOf(record), phase);
    return next;
  }

  /** Applies every transition that came due on the virtual clock (in the server's context unless a request's is given). */
  settle(context?: EventContext): void {
    if (this.#pending.size === 0) return; // nothing scheduled: nothing to apply, no timer to arm
    const now = this.#clock.now();
    for (const key of [...this.#pending]) {
      let record = this.#store.get(key);
      if (!record) {
        this.#pending.delete(key);
        continue;
      }
      for (
        let step = record.schedule[0];
        step && step.at <= now && !step.awaitsProcessing;
        step = record.schedule[0]
      ) {
        const before: Phase = record.phase;
        record = { ...record, phase: step.phase, schedule: record.schedule.slice(1), updatedAt: step.at };
        this.#store.put(record);
        this.#emit(context ?? this.#deps.serverContext(), record, before, step.phase, step.at);
      }
      if (record.schedule.length === 0) this.#pending.delete(key);
    }
    this.#arm();
  }

  /** Forgets scheduled work and uploads in progress (after a store reset). */
  reset(): void {
    this.#pending.clear();
    this.#uploading.clear();
    this.#deps.processor?.clear();
    this.#arm();
  }

  /** Stops the timer and the processor's jobs (their videos resume processing after a restart). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#deps.processor?.close();
  }

  #process(key: string, source: StoredSource): void {
    this.#deps.processor?.start(key, source, (outcome) => this.#processed(key, outcome));
  }

  /** The processor is done with `key`: its awaited step comes due (as `failed` if it failed), not before now. */
  #processed(key: string, outcome: ProcessOutcome): void {
    const record = this.#store.get(key);
    if (this.#closed || !record?.schedule.some((step) => step.awaitsProcessing)) return;
    const now = this.#clock.now();
    const schedule = record.schedule.map((step) =>
      step.awaitsProcessing
        ? { at: Math.max(step.at, now), phase: outcome.ok ? step.phase : ('failed' as const) }
        : step,
    );
    this.#store.put({ ...record, schedule, ...(outcome.ok && { renditions: true as const }) });
    this.#pending.add(key);
    this.settle();
  }

  #release(key: string): void {
    const count = (this.#uploading.get(key) ?? 1) - 1;
    if (count > 0) this.#uploading.set(key, count);
    else this.#uploading.delete(key);
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
    for (const key of this.#pending) {
      const step = this.#store.get(key)?.schedule[0];
      if (step && !step.awaitsProcessing && step.at < next) next = step.at;
    }
    if (!Number.isFinite(next)) return;
    const delay = Math.max(0, Math.min(next - this.#clock.now(), 2 ** 31 - 1));
    const timer: { unref?: () => void } = setTimeout(() => this.settle(), delay);
    timer.unref?.(); // Node: a pending transition does not keep the process alive
    this.#timer = timer as ReturnType<typeof setTimeout>;
  }
}
