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
  | 'started'
  | 'store'
  | 'definitions'
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
async function generatedKeys(store: VideoStore, videos: readonly SeedVideo[]): Promise<string[]> {
  const given = new Set(videos.flatMap((video) => (video.key === undefined ? [] : [video.key])));
  const count = videos.filter((video) => video.key === undefined).length;
  const keys: string[] = [];
  while (keys.length < count) {
    keys.push(...(await store.nextKeys(count - keys.length)).filter((key) => !given.has(key)));
  }
  return keys;
}

/** The keys of `videos` that name a stored video. */
async function takenKeys(store: VideoStore, videos: readonly SeedVideo[]): Promise<Set<string>> {
  const given = videos.flatMap((video) => (video.key === undefined ? [] : [video.key]));
  const found = await Promise.all(given.map((key) => store.get(key)));
  return new Set(given.filter((_, i) => found[i] !== undefined));
}

/**
 * Keeps the readings in force in the store, after the control changed them: a shared store gives
 * them to every process (src/instance/state-sync.ts).
 *
 * @example
 * readings.replace(choice);
 * await keepReadings(state);
 */
export async function keepReadings({
  store,
  readings,
}: Pick<MockState, 'store' | 'readings'>): Promise<void> {
  const changed = readings.changed();
  await store.setReadings(changed && { ...changed });
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
 * await app.mock.advanceClock(2000); // every uploaded video is now ready
 */
export function createControl(deps: ControlState): StateControl {
  const { store, clock, lifecycle, readings, sink, started } = deps;
  const force = async (key: string, phase: 'ready' | 'failed') => {
    await started;
    await lifecycle.settle();
    if (!(await lifecycle.force(key, phase))) throw notFound(key);
  };
  return {
    async reset() {
      await started;
      await store.clear();
      await deps.definitions.set(defaultDefinitions());
      lifecycle.reset();
      deps.journal.clear();
      deps.limiter.clear();
      deps.faults.clear();
      await deps.faults.saved();
      deps.represent.clear();
      readings.reset();
    },
    async seed(videos: SeedVideo[]) {
      await started;
      // All or nothing: every check before anything is stored; a seed never overwrites a video.
      const taken = await takenKeys(store, videos);
      const problem = seedProblem(videos, (key) => taken.has(key), deps.limits);
      if (problem) throw problem;
      const now = clock.now();
      const keys = await generatedKeys(store, videos);
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
      await store.putMany(records);
      const context = { readings: readings.current() };
      for (const record of records) lifecycle.created(record, context);
      return records.map((record) => record.key);
    },
    async journal(filter) {
      if (typeof filter?.since === 'string' && parseSince(filter.since) === undefined) {
        throw new RangeError(`journal: since ${JSON.stringify(filter.since)} is not accepted; ${SINCE_RULE}`);
      }
      return deps.journal.query(filter);
    },
    async advanceClock(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advanceClock: ${ms} is not accepted (ms >= 0)`);
      await started;
      await clock.advance(ms);
      await lifecycle.settle();
      deps.webhooks.settle(); // retries that came due on the virtual clock
    },
    now: async () => {
      await started;
      return clock.now();
    },
    makeReady: (key) => force(key, 'ready'),
    fail: (key) => force(key, 'failed'),
    async setReadings(choice: ReadingChoice | Record<string, string>) {
      readings.update(parseReadingChoice(Object.entries(choice), 'readings'));
      await keepReadings(deps);
    },
    getReadings: async () => ({ ...readings.current() }),
    setDefinitions: async (definitions) => {
      await started;
      await deps.definitions.set(definitions);
    },
    getDefinitions: async () => {
      await started;
      return structuredClone([...deps.definitions.current()]);
    },
    sourceOf: async (key) => {
      await started;
      return (await store.get(key))?.source;
    },
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
      await store.close();
      sink.dispose();
    },
  };
}
