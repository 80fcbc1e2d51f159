/**
 * Notices between the processes of one database (LISTEN/NOTIFY): on a channel, a message names the
 * process that sent it, the state it is about and a body (`from\nstate\nbody`). Each process
 * listens on one connection per channel (postgres.js reconnects it by itself), gives each message
 * to the listeners of its state and skips its own; after a lost connection came back, every
 * listener hears `reconnected` (messages sent meanwhile are gone).
 */
import type { Sql } from 'postgres';
import type { Log } from '../../shared/log.js';

/** What a listener of one state hears: another process's message body, or that messages may have been missed. */
type Heard = { kind: 'message'; body: string } | { kind: 'reconnected' };

export interface Channel {
  /** The payload of a message of this process about `state`, for `pg_notify(channel, payload)`. */
  payload(state: string, body?: string): string;
  /** Listens to the messages about `state`; returns a function that stops. */
  watch(state: string, listener: (heard: Heard) => void): () => void;
  /** Whether this process listens now (its own listening connection is one of those the database shows). */
  listening(): boolean;
}

/**
 * @example
 * const changes = openChannel({ sql, name: 'video_api_mock_changes', self, ready, log });
 * const stop = changes.watch('', () => reload());
 */
export function openChannel(parts: {
  sql: Sql;
  name: string;
  /** This process (its messages are not given back to it). */
  self: string;
  /** The database is reachable and migrated. */
  ready: Promise<void>;
  log: Log;
  /** A message about a state nothing here listens to (this process never opened that state). */
  unheard?: (state: string, body: string) => void;
}): Channel {
  const { sql, name, self, ready, log, unheard } = parts;
  const watchers = new Map<string, Set<(heard: Heard) => void>>();
  let listening = false;
  let connections = 0;
  let open = false;
  const heard = (payload: string) => {
    const first = payload.indexOf('\n');
    const second = payload.indexOf('\n', first + 1);
    if (first < 0 || payload.slice(0, first) === self) return; // this process's own message
    const state = second < 0 ? payload.slice(first + 1) : payload.slice(first + 1, second);
    const body = second < 0 ? '' : payload.slice(second + 1);
    const listeners = watchers.get(state);
    if (!listeners?.size) return unheard?.(state, body);
    for (const listener of listeners) listener({ kind: 'message', body });
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    ready
      .then(() =>
        sql.listen(name, heard, () => {
          open = true;
          // A connection after the first: the messages sent while it was lost are gone.
          if (connections++ === 0) return;
          for (const set of watchers.values()) for (const listener of set) listener({ kind: 'reconnected' });
        }),
      )
      .catch((error: unknown) => {
        listening = false;
        log('warn', {
          msg: `not listening on ${name}: other instances' messages are not heard`,
          error: String(error),
        });
      });
  };
  return {
    payload: (state, body = '') => `${self}\n${state}\n${body}`,
    listening: () => open,
    watch(state, listener) {
      const set = watchers.get(state) ?? new Set<(heard: Heard) => void>();
      watchers.set(state, set);
      set.add(listener);
      listen();
      return () => {
        set.delete(listener);
      };
    },
  };
}
