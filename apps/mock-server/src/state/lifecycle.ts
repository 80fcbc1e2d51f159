/**
 * The lifecycle of a video on the virtual clock (§3): created → (uploading → uploaded →)
 * processing → ready or failed. Transitions come due on the clock; every change of the state a
 * client sees (under the server's `video-states` reading) is emitted as a VideoEvent.
 */

import type { ReadingSet } from '@video-api/schema/unspecified';
import type { VirtualClock } from './clock.js';
import type { VideoEvent } from './events.js';
import { stateOf } from './representation.js';
import type { VideoStore } from './video-store.js';
import type { Phase, VideoRecord } from '../types.js';

export interface LifecycleDeps {
  store: VideoStore;
  clock: VirtualClock;
  readings: () => ReadingSet;
  processingMs: () => number;
  /** Whether the processing of the next upload fails (seeded failure rate). */
  drawFailure: () => boolean;
  /** The GET representation of a record under the server readings, for events. */
  represent: (record: VideoRecord, phase: Phase) => Record<string, unknown>;
  emit: (event: VideoEvent) => void;
}

/**
 * Applies phase changes, schedules processing and emits events.
 *
 * @example
 * lifecycle.uploadCompleted(record, { file, size });
 * clock.advance(2000); lifecycle.settle(); // the video is ready
 */
export class Lifecycle {
  readonly #deps: LifecycleDeps;
  readonly #uploading = new Map<string, number>();
  readonly #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(deps: LifecycleDeps) {
    this.#deps = deps;
    for (const record of deps.store.list()) if (record.schedule.length > 0) this.#pending.add(record.key);
    this.#arm();
  }

  /** The phase a client sees: `uploading` while a first upload streams in. */
  phaseOf(record: VideoRecord): Phase {
    return record.phase === 'created' && this.#uploading.has(record.key) ? 'uploading' : record.phase;
  }

  /** Emits the creation of a record (already stored). */
  created(record: VideoRecord): void {
    this.#emit(record, null, 'created');
  }

  uploadStarted(key: string): void {
    const record = this.#deps.store.get(key);
    this.#uploading.set(key, (this.#uploading.get(key) ?? 0) + 1);
    if (record) this.#emit(record, record.phase, this.phaseOf(record));
  }

  /** An upload ended without storing anything (abort, limit, bad form). */
  uploadAbandoned(key: string): void {
    this.#release(key);
    const record = this.#deps.store.get(key);
    if (record && record.phase === 'created') this.#emit(record, 'uploading', 'created');
  }

  /** Stores the uploaded source and schedules processing (§3). */
  uploadCompleted(record: VideoRecord, source: NonNullable<VideoRecord['source']>): VideoRecord {
    const before = this.phaseOf(record);
    this.#release(record.key);
    const now = this.#deps.clock.now();
    const ms = this.#deps.processingMs();
    const end: Phase = this.#deps.drawFailure() ? 'failed' : 'ready';
    const next: VideoRecord = {
      ...record,
      source,
      phase: 'uploaded',
      updatedAt: now,
      schedule: [
        { at: now + Math.floor(ms / 2), phase: 'processing' },
        { at: now + ms, phase: end },
      ],
    };
    this.#deps.store.put(next);
    this.#pending.add(next.key);
    this.#emit(next, before, 'uploaded');
    this.settle();
    return next;
  }

  /** Moves a video to `phase` now, dropping what was scheduled. */
  force(key: string, phase: Phase): VideoRecord | undefined {
    const record = this.#deps.store.get(key);
    if (!record) return undefined;
    const next = { ...record, phase, schedule: [], updatedAt: this.#deps.clock.now() };
    this.#deps.store.put(next);
    this.#pending.delete(key);
    this.#emit(next, this.phaseOf(record), phase);
    return next;
  }

  /** Applies every transition that came due on the virtual clock. */
  settle(): void {
    if (this.#pending.size === 0) return; // nothing scheduled: nothing to apply, no timer to arm
    const now = this.#deps.clock.now();
    for (const key of [...this.#pending]) {
      let record = this.#deps.store.get(key);
      if (!record) {
        this.#pending.delete(key);
        continue;
      }
      for (let step = record.schedule[0]; step && step.at <= now; step = record.schedule[0]) {
        const before: Phase = record.phase;
        record = { ...record, phase: step.phase, schedule: record.schedule.slice(1), updatedAt: step.at };
        this.#deps.store.put(record);
        this.#emit(record, before, step.phase, step.at);
      }
      if (record.schedule.length === 0) this.#pending.delete(key);
    }
    this.#arm();
  }

  /** Forgets scheduled work and uploads in progress (after a store reset). */
  reset(): void {
    this.#pending.clear();
    this.#uploading.clear();
    this.#arm();
  }

  close(): void {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
  }

  #release(key: string): void {
    const count = (this.#uploading.get(key) ?? 1) - 1;
    if (count > 0) this.#uploading.set(key, count);
    else this.#uploading.delete(key);
  }

  #emit(record: VideoRecord, before: Phase | null, after: Phase, at?: number): void {
    const videoStates = this.#deps.readings()['video-states'];
    const previousState = before === null ? null : stateOf(before, videoStates);
    const state = stateOf(after, videoStates);
    if (previousState === state) return;
    this.#deps.emit({
      videoKey: record.key,
      state,
      previousState,
      occurredAt: this.#deps.clock.iso(at),
      video: this.#deps.represent(record, after),
    });
  }

  /** In real-time mode, wakes up when the next transition comes due. */
  #arm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#closed || !this.#deps.clock.realTime || this.#pending.size === 0) return;
    let next = Number.POSITIVE_INFINITY;
    for (const key of this.#pending) {
      const at = this.#deps.store.get(key)?.schedule[0]?.at;
      if (at !== undefined && at < next) next = at;
    }
    if (!Number.isFinite(next)) return;
    const delay = Math.max(0, Math.min(next - this.#deps.clock.now(), 2 ** 31 - 1));
    this.#timer = setTimeout(() => this.settle(), delay);
    this.#timer.unref();
  }
}
