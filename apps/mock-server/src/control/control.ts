/** The in-process control API (`app.mock`), mirrored by the admin API under `/__mock/`. */
import type { ReadingChoice } from '@video-api/schema';
import { notFound } from '../http/errors.js';
import type { MockState } from '../instance/mock-state.js';
import { parseReadingChoice } from '../readings/choice.js';
import { defaultDefinitions } from '../state/definitions.js';
import { newRecord } from '../state/record.js';
import type { VideoStore } from '../state/video-store.js';
import type { StateControl } from './mock-control.js';
import type { SeedVideo } from './schemas.js';
import { parseSince, SINCE_RULE } from './schemas.js';
import { seedProblem } from './seed-checks.js';

/** What the control API works on: parts of the state. */
export type ControlState = Pick<
  MockState,
  | 'store'
  | 'clock'
  | 'lifecycle'
  | 'events'
  | 'journal'
  | 'limiter'
  | 'readings'
  | 'represent'
  | 'faults'
  | 'webhooks'
  | 'sink'
  | 'uploads'
  | 'limits'
>;

/** Keys for the videos of a seed without one, none of them a key the seed gives another video. */
function generatedKeys(store: VideoStore, videos: readonly SeedVideo[]): string[] {
  const given = new Set(videos.flatMap((video) => (video.key === undefined ? [] : [video.key])));
  const count = videos.filter((video) => video.key === undefined).length;
  const keys: string[] = [];
  while (keys.length < count) {
    keys.push(...store.nextKeys(count - keys.length).filter((key) => !given.has(key)));
  }
  return keys;
}

/** Waits for `promises` to settle, at most `ms`. */
async function settledWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled([...promises]), limit]);
  clearTimeout(timer);
}

/**
 * Builds `app.mock`.
 *
 * @example
 * app.mock.advanceClock(2000); // every uploaded video is now ready
 */
export function createControl(deps: ControlState): StateControl {
  const { store, clock, lifecycle, readings, sink } = deps;
  const force = (key: string, phase: 'ready' | 'failed') => {
    lifecycle.settle();
    if (!lifecycle.force(key, phase)) throw notFound(key);
  };
  return {
    reset() {
      store.clear();
      store.setDefinitions(defaultDefinitions());
      lifecycle.reset();
      deps.journal.clear();
      deps.limiter.clear();
      deps.faults.clear();
      deps.represent.clear();
      readings.reset();
    },
    seed(videos: SeedVideo[]) {
      // All or nothing: every check before anything is stored; a seed never overwrites a video.
      const problem = seedProblem(videos, (key) => store.get(key) !== undefined, deps.limits);
      if (problem) throw problem;
      const now = clock.now();
      const keys = generatedKeys(store, videos);
      let generated = 0;
      const records = videos.map((video) =>
        newRecord(
          video.key ?? (keys[generated++] as string),
          {
            ...video,
            projectKey: video.projectKey ?? 'seed',
            owner: video.owner,
            customFields: video.simpleCustomFields,
          },
          now,
        ),
      );
      store.putMany(records);
      const context = { readings: readings.current() };
      for (const record of records) lifecycle.created(record, context);
      return records.map((record) => record.key);
    },
    journal(filter) {
      if (typeof filter?.since === 'string' && parseSince(filter.since) === undefined) {
        throw new RangeError(`journal: since ${JSON.stringify(filter.since)} is not accepted; ${SINCE_RULE}`);
      }
      return deps.journal.query(filter);
    },
    advanceClock(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advanceClock: ${ms} is not accepted (ms >= 0)`);
      clock.advance(ms);
      lifecycle.settle();
      deps.webhooks.settle(); // retries that came due on the virtual clock
    },
    now: () => clock.now(),
    makeReady: (key) => force(key, 'ready'),
    fail: (key) => force(key, 'failed'),
    setReadings(choice: ReadingChoice | Record<string, string>) {
      readings.update(parseReadingChoice(Object.entries(choice), 'readings'));
    },
    getReadings: () => ({ ...readings.current() }),
    setDefinitions: (definitions) => store.setDefinitions(definitions),
    getDefinitions: () => store.getDefinitions(),
    sourceOf: (key) => store.get(key)?.source,
    paths() {
      if (!sink.paths)
        throw new Error('paths(): this mock keeps uploads in memory; it has no upload folders');
      return sink.paths();
    },
    async uploadsSettled() {
      while (deps.uploads.size > 0) await Promise.allSettled([...deps.uploads]);
    },
    onEvent: (listener) => deps.events.subscribe(listener),
    webhooks: deps.webhooks,
    faults: deps.faults,
    async close() {
      // Let uploads being received end (their connections are closed first by startServer), at most 2 s.
      await settledWithin(deps.uploads, 2000);
      await lifecycle.close(); // stops transcodes, before their folders go
      await deps.webhooks.close();
      deps.journal.close(); // ends the journal's streams (their heartbeats too)
      store.close();
      sink.dispose();
    },
  };
}
