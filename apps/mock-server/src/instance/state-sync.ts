/**
 * How a state takes up what its store holds, at start and whenever another process changed it
 * (a store shared by several processes: PostgreSQL). At start: the files its videos point at (a
 * sink on a data dir removes what a crash left; never on a shared store), the clock's offset, the
 * definitions, the readings set through another process, and the steps scheduled. While the store
 * is unavailable at start it waits and tries again. After another process changed the state's
 * control values (the store's `watch`), the same values are taken up again, and requests wait for
 * that (`waiting()`), so a reading switched or a clock advanced on one instance holds on the
 * next request to any other.
 */
import type { Log } from '../shared/log.js';
import { StoreUnavailable } from '../state/store-unavailable.js';
import type { MockState } from './mock-state.js';
import type { SharedJournal } from './shared-journal.js';

type Parts = Pick<
  MockState,
  'store' | 'sink' | 'clock' | 'definitions' | 'lifecycle' | 'readings' | 'faults' | 'log'
>;

/**
 * The control values: clock, definitions and (on a shared store) the readings set through the
 * control; at `start`, an empty store gets the default definitions.
 */
async function takeUpControl(state: Parts, start = false): Promise<void> {
  const { store } = state;
  const [offset, readings] = await Promise.all([
    store.getClockOffset(),
    store.shared ? store.getReadings() : undefined,
    state.faults.refresh(),
  ]);
  state.clock.restore(offset);
  if (store.shared) {
    if (readings === undefined) state.readings.reset();
    else state.readings.replace(readings);
  }
  await (start ? state.definitions.load() : state.definitions.reload());
}

async function takeUp(state: Parts, journal?: SharedJournal): Promise<void> {
  const { store, sink } = state;
  await journal?.takeUpPast(); // before anything this process serves is journalled
  if (!store.shared) {
    // Files a crash left between being put in place and their record's commit (a sink on a data dir).
    const videos = await store.list();
    sink.keepOnly?.(new Set(videos.flatMap((record) => (record.source ? [record.source.file] : []))));
  }
  await takeUpControl(state, true);
  await state.lifecycle.start(!store.shared);
}

/** `work`, again every second while the store is unavailable (a database down at start). */
async function whenUp(work: () => Promise<void>, log: Log, what: string): Promise<void> {
  for (let waited = false; ; waited = true) {
    try {
      await work();
      if (waited) log('info', { msg: `${what}: done, the store answers again` });
      return;
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error;
      if (!waited) log('warn', { msg: `${what}: waiting for the store`, reason: error.reason });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** A state's start and its following of other processes' changes. */
export interface StateSync {
  /** Resolves once the state took up its store. */
  started: Promise<void>;
  /** What a request must wait for first (the start, or taking up another process's change), if anything. */
  waiting(): Promise<void> | undefined;
}

/**
 * Starts taking up `state` from its store and follows other processes' changes to it.
 *
 * @example
 * const sync = syncState(state);
 * await sync.started;
 */
export function syncState(state: Parts, journal?: SharedJournal): StateSync {
  let current: Promise<void> | undefined;
  const track = (work: Promise<void>) => {
    current = work;
    work.then(
      () => {
        if (current === work) current = undefined;
      },
      () => {},
    );
    return work;
  };
  const started = track(whenUp(() => takeUp(state, journal), state.log, 'taking up the state'));
  // After another instance's change: once what is under way is done (the start, an earlier
  // change), its values, then the steps its clock (perhaps advanced) brought due here too.
  const takeUpChange = async () => {
    await takeUpControl(state);
    await state.lifecycle.adoptDue(); // what the clock brought due of steps another process left
    await state.lifecycle.settle();
  };
  // Followed until the store closes (a shared store ends its watchers then).
  state.store.watch(() => {
    const after = current ?? Promise.resolve();
    return track(after.then(() => whenUp(takeUpChange, state.log, 'taking up a change of another instance')));
  });
  return { started, waiting: () => current };
}
