/** The in-process control API (`app.mock`), mirrored by the admin API under `/__mock/`. */
import type { ReadingChoice } from '@video-api/schema/unspecified';
import { parseSince, SINCE_RULE } from './schemas.js';
import { seedProblem } from './seed-checks.js';
import type { MockCore } from '../core.js';
import { defaultDefinitions } from '../state/definitions.js';
import { notFound } from '../http/errors.js';
import { parseReadingChoice, readingSet } from '../readings/request-readings.js';
import type { MockControl, SeedVideo, VideoRecord } from '../types.js';

/** Keys for the videos of a seed without one, none of them a key the seed gives another video. */
function generatedKeys(core: MockCore, videos: readonly SeedVideo[]): string[] {
  const given = new Set(videos.flatMap((video) => (video.key === undefined ? [] : [video.key])));
  const count = videos.filter((video) => video.key === undefined).length;
  const keys: string[] = [];
  while (keys.length < count) {
    keys.push(...core.store.nextKeys(count - keys.length).filter((key) => !given.has(key)));
  }
  return keys;
}

/**
 * Builds `app.mock` over the core.
 *
 * @example
 * app.mock.advanceClock(2000); // every uploaded video is now ready
 */
export function createControl(core: MockCore): MockControl {
  const start = { ...core.readings };
  const control: MockControl = {
    reset() {
      core.store.clear();
      core.store.setDefinitions(defaultDefinitions());
      core.lifecycle.reset();
      core.journal.clear();
      core.limiter.clear();
      core.faults.clear();
      core.texts.clear();
      core.readings = { ...start };
    },
    seed(videos: SeedVideo[]) {
      // All or nothing: every check before anything is stored; a seed never overwrites a video.
      const problem = seedProblem(videos, (key) => core.store.get(key) !== undefined);
      if (problem) throw problem;
      const now = core.clock.now();
      const keys = generatedKeys(core, videos);
      let generated = 0;
      const records: VideoRecord[] = videos.map((video) => ({
        key: video.key ?? (keys[generated++] as string),
        title: video.title,
        ...(video.tags && { tags: video.tags }),
        projectKey: video.projectKey ?? 'seed',
        owner: video.owner,
        customFields: { ...video.simpleCustomFields },
        phase: video.phase ?? 'created',
        createdAt: now,
        updatedAt: now,
        schedule: [],
      }));
      core.store.putMany(records);
      for (const record of records) core.lifecycle.created(record);
      return records.map((record) => record.key);
    },
    journal(filter) {
      if (typeof filter?.since === 'string' && parseSince(filter.since) === undefined) {
        throw new RangeError(`journal: since ${JSON.stringify(filter.since)} is not accepted; ${SINCE_RULE}`);
      }
      return core.journal.query(filter);
    },
    advanceClock(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advanceClock: ${ms} is not accepted (ms >= 0)`);
      core.clock.advance(ms);
      core.lifecycle.settle();
    },
    now: () => core.clock.now(),
    makeReady(key: string) {
      core.lifecycle.settle();
      if (!core.lifecycle.force(key, 'ready')) throw notFound(`No video has the key "${key}".`);
    },
    fail(key: string) {
      core.lifecycle.settle();
      if (!core.lifecycle.force(key, 'failed')) throw notFound(`No video has the key "${key}".`);
    },
    setReadings(choice: ReadingChoice | Record<string, string>) {
      core.readings = readingSet({
        ...core.readings,
        ...parseReadingChoice(Object.entries(choice), 'readings'),
      });
    },
    getReadings: () => ({ ...core.readings }),
    setDefinitions: (definitions) => core.store.setDefinitions(definitions),
    getDefinitions: () => core.store.getDefinitions(),
    sourceOf: (key) => core.store.get(key)?.source,
    paths: () => ({ root: core.folders.root, temp: core.folders.temp, uploads: core.folders.uploads }),
    async uploadsSettled() {
      while (core.uploads.size > 0) await Promise.allSettled([...core.uploads]);
    },
    onEvent(listener) {
      core.listeners.add(listener);
      return () => core.listeners.delete(listener);
    },
    webhooks: core.webhooks,
    faults: core.faults,
    async close() {
      // Let uploads being received end (their connections are closed first by startServer), at most 2 s.
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 2000);
      });
      await Promise.race([Promise.allSettled([...core.uploads]), limit]);
      clearTimeout(timer);
      core.lifecycle.close();
      await core.webhooks.close();
      core.store.close();
      core.folders.dispose();
    },
  };
  return control;
}
