/**
 * The transactional outbox of a shared mock: writes of the job queue (an event's webhook
 * deliveries) staged while a store update's change runs (src/state/video-store.ts: synchronous,
 * inside the update's transaction) are written in that transaction, so a change and the events
 * it causes are committed together or not at all: a process killed at any moment leaves neither a
 * step applied without its event nor an event of a change that never was. The change is
 * synchronous, so what is staged during it is its own, whatever else the process runs meanwhile.
 */
import type { TransactionSql } from 'postgres';

/** One staged write: run in the update's transaction; `done(true)` after its commit, `done(false)` if it failed. */
export interface StagedWrite {
  write(tx: TransactionSql): Promise<void>;
  done(committed: boolean): void;
}

export interface Outbox {
  /** Runs `change` with the outbox open for `state`; resolves to its value and what was staged during it. */
  during<T>(state: string, change: () => T): { value: T; staged: StagedWrite[] };
  /** Stages `write` in the update of `state` running now; false when none runs (the caller writes on its own). */
  stage(state: string, write: StagedWrite): boolean;
}

/**
 * @example
 * const { value, staged } = outbox.during('', () => change(record));
 * for (const write of staged) await write.write(tx);
 */
export function createOutbox(): Outbox {
  let open: { state: string; staged: StagedWrite[] } | undefined;
  return {
    during(state, change) {
      const outer = open;
      const current = { state, staged: [] as StagedWrite[] };
      open = current;
      try {
        return { value: change(), staged: current.staged };
      } catch (error) {
        for (const write of current.staged) write.done(false);
        throw error;
      } finally {
        open = outer;
      }
    },
    stage(state, write) {
      if (open?.state !== state) return false;
      open.staged.push(write);
      return true;
    },
  };
}
