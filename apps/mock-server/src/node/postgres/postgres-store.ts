/**
 * The shared store (`databaseUrl`): one state of the mock (the default one, or a sandbox's) in
 * PostgreSQL, which any number of processes use at once. Videos are rows (`record` as json) keyed
 * by state and key; an update locks its row from the read to the commit (`SELECT … FOR UPDATE`),
 * so concurrent merges on several processes never lose one another; keys come from a sequence per
 * state through `mock_next_keys` (one round trip, skipping keys a seed took), unique across
 * processes; definitions and the clock's offset are rows of `mock_values`.
 */
import { createHash } from 'node:crypto';
import type { FieldDefinition, VideoRecord } from '../../state/types.js';
import type { SharedFaultRules, VideoStore } from '../../state/video-store.js';
import { CHANGES_CHANNEL, type Database } from './database.js';
import { postgresJournalFeed } from './journal-feed.js';
import { MIGRATION_LOCK } from './migrations.js';
import type { StagedWrite } from './outbox.js';
import { sharedUploads, UPLOADING_NOW, uploadLeases } from './postgres-uploads.js';

/** The sequence of a state's keys: a name PostgreSQL takes whatever the sandbox's name. */
function sequenceOf(state: string): string {
  return `mock_keys_${createHash('sha256').update(state).digest('hex').slice(0, 24)}`;
}

/** A video's row as read: its record, and whether an upload's lease holds (postgres-uploads.ts). */
type Row = { record: VideoRecord; uploading: boolean };

/** How long an upload's lease lasts unless renewed (its process renews it every third of that). */
const UPLOAD_LEASE_MS = 30_000;

/**
 * A value sent as JSON text (`${asJson(value)}::text::json`): as text, it is stored as the API
 * took it. `sql.json` would send jsonb, which refuses \u0000 and lone surrogates that JSON
 * strings may hold, and reorders members.
 */
const asJson = (value: unknown): string => JSON.stringify(value);

/**
 * The store of state `state` ('' for the default state, else the sandbox's name) in `database`.
 * Closing it gives the pool back (the last state's close ends it).
 *
 * @example
 * const store = createPostgresStore(openDatabase({ url, … }), '');
 * const [key] = await store.nextKeys(1);
 */
export function createPostgresStore(
  database: Database,
  state: string,
  options: { uploadLeaseMs?: number } = {},
): VideoStore {
  const sequence = sequenceOf(state);
  const uploads = sharedUploads(uploadLeases(database, state), options.uploadLeaseMs ?? UPLOAD_LEASE_MS);
  const read = (row: Row) => uploads.read(row.record, row.uploading);
  const watching = new Set<() => void>();
  /** `stop`, also called when the store closes. */
  const stopped = (stop: () => void) => {
    watching.add(stop);
    return () => {
      watching.delete(stop);
      stop();
    };
  };
  const feed = postgresJournalFeed(database, state);
  let sequenceMade: Promise<void> | undefined;
  /** The state's key sequence, made on first use (under the migration lock: two processes may try at once). */
  const withSequence = () => {
    sequenceMade ??= database
      .run((sql) =>
        sql.begin(async (tx) => {
          await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
          await tx.unsafe(`CREATE SEQUENCE IF NOT EXISTS ${sequence}`);
        }),
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        sequenceMade = undefined;
        throw error;
      });
    return sequenceMade;
  };
  const value = async <T>(name: string, fallback: T): Promise<T> => {
    const rows = await database.run(
      (sql) => sql<{ value: T }[]>`SELECT value FROM mock_values WHERE sandbox = ${state} AND name = ${name}`,
    );
    return rows[0]?.value ?? fallback;
  };
  /**
   * Keeps a control value and tells the other processes (one statement: the notice goes at commit);
   * resolves once they hold it, so the next request to any of them plays it.
   */
  const setValue = async (name: string, json: unknown): Promise<void> => {
    const change = database.announce(state);
    await database.run(
      (sql) => sql`WITH kept AS (
          INSERT INTO mock_values (sandbox, name, value) VALUES (${state}, ${name}, ${asJson(json)}::text::json)
          ON CONFLICT (sandbox, name) DO UPDATE SET value = excluded.value RETURNING 1)
        SELECT pg_notify(${CHANGES_CHANNEL}, ${change.payload}) FROM kept`,
    );
    await change.held();
  };
  const countRequest = async (who: string, now: number, windowMs: number) => {
    // The token is not kept, its hash is (the table names whom a window counts, not their secret).
    const hashed = createHash('sha256').update(who).digest('base64url');
    const [row] = await database.run(
      (sql) => sql<{ start: number; count: number }[]>`
        INSERT INTO mock_rate_windows AS w (sandbox, who, start_ms, count) VALUES (${state}, ${hashed}, ${now}, 1)
        ON CONFLICT (sandbox, who) DO UPDATE SET
          start_ms = CASE WHEN ${now} - w.start_ms >= ${windowMs} THEN ${now} ELSE w.start_ms END,
          count = CASE WHEN ${now} - w.start_ms >= ${windowMs} THEN 1 ELSE w.count + 1 END
        RETURNING start_ms AS start, count`,
    );
    return row ?? { start: now, count: 1 };
  };
  const faultRules: SharedFaultRules = {
    async save(rules) {
      const change = database.announce(state);
      await database.run((sql) =>
        sql.begin(async (tx) => {
          await tx`DELETE FROM mock_fault_rules WHERE sandbox = ${state}`;
          await tx`DELETE FROM mock_journal WHERE sandbox = ${state}`;
          if (rules.length > 0)
            // ids and uses beside the rules (a rule's text may hold a \u0000, which ->> refuses)
            await tx`INSERT INTO mock_fault_rules (sandbox, id, position, rule, remaining)
              SELECT ${state}, ids.id, position, given.rule, (uses.remaining)::integer
              FROM json_array_elements(${asJson(rules.map((kept) => kept.rule))}::text::json)
                WITH ORDINALITY AS given (rule, position)
              JOIN json_array_elements_text(${asJson(rules.map((kept) => kept.id))}::text::json)
                WITH ORDINALITY AS ids (id, position) USING (position)
              JOIN json_array_elements_text(${asJson(rules.map((kept) => kept.remaining ?? null))}::text::json)
                WITH ORDINALITY AS uses (remaining, position) USING (position)`;
          await tx`SELECT pg_notify(${CHANGES_CHANNEL}, ${change.payload})`;
        }),
      );
      await change.held();
    },
    async load() {
      const rows = await database.run(
        (sql) => sql<{ id: string; rule: unknown; remaining: number | null }[]>`
          SELECT id, rule, remaining FROM mock_fault_rules
          WHERE sandbox = ${state} AND (remaining IS NULL OR remaining > 0) ORDER BY position`,
      );
      return rows.map((row) => ({
        id: row.id,
        rule: row.rule,
        ...(row.remaining !== null && { remaining: row.remaining }),
      }));
    },
    async use(ids) {
      // one use of each rule with some left (a rule used up stays, at 0, unlisted, until the next save)
      const rows = await database.run(
        (sql) => sql<{ id: string; remaining: number }[]>`
          UPDATE mock_fault_rules SET remaining = remaining - 1
          WHERE sandbox = ${state} AND remaining > 0
            AND id IN (SELECT json_array_elements_text(${asJson(ids)}::text::json))
          RETURNING id, remaining`,
      );
      return new Map(rows.map((row) => [row.id, row.remaining]));
    },
    count: countRequest,
  };
  return {
    shared: true,
    uploads,
    faultRules,
    journalFeed: {
      publish: feed.publish,
      past: feed.past,
      listen: (listener) => stopped(feed.listen(listener)),
    },
    health: () => database.health(),
    async get(key) {
      const rows = await database.run(
        (sql) => sql<Row[]>`SELECT record, ${sql.unsafe(UPLOADING_NOW)} AS uploading
          FROM mock_videos v WHERE sandbox = ${state} AND key = ${key}`,
      );
      const row = rows[0];
      return row && read(row);
    },
    update(key, change) {
      let committed: StagedWrite[] = [];
      return database
        .run((sql) =>
          sql.begin(async (tx) => {
            const [row] = await tx<Row[]>`
              SELECT record, ${tx.unsafe(UPLOADING_NOW)} AS uploading
              FROM mock_videos v WHERE sandbox = ${state} AND key = ${key} FOR UPDATE OF v`;
            if (!row) return undefined;
            // the job writes the change causes (its events' deliveries) go in this transaction
            const { value: next, staged } = database.outbox.during(state, () => change(read(row)));
            for (const write of committed) write.done(false); // an attempt run again (database.run)
            committed = staged;
            if (next !== row.record) {
              uploads.read(next, row.uploading); // what the change returned, as the read found it
              await tx`UPDATE mock_videos SET record = ${asJson(next)}::text::json
                WHERE sandbox = ${state} AND key = ${key}`;
            }
            for (const write of staged) await write.write(tx);
            return next;
          }),
        )
        .then(
          (next) => {
            for (const write of committed) write.done(true);
            return next;
          },
          (error: unknown) => {
            for (const write of committed) write.done(false);
            throw error;
          },
        );
    },
    async putMany(records) {
      if (records.length === 0) return;
      await database.run(
        // The keys go beside the records: `element ->> 'key'` would parse the whole record as
        // text, which refuses a \u0000 anywhere in it (SQLSTATE 22P05), where a json value holds one.
        (sql) => sql`INSERT INTO mock_videos (sandbox, key, record)
          SELECT ${state}, keys.key, given.element
          FROM json_array_elements(${asJson(records)}::text::json) WITH ORDINALITY AS given (element, position)
          JOIN json_array_elements_text(${asJson(records.map((record) => record.key))}::text::json)
            WITH ORDINALITY AS keys (key, position) USING (position)
          ORDER BY position
          ON CONFLICT (sandbox, key) DO UPDATE SET record = excluded.record`,
      );
    },
    async list() {
      const rows = await database.run(
        (sql) => sql<Row[]>`SELECT record, ${sql.unsafe(UPLOADING_NOW)} AS uploading
          FROM mock_videos v WHERE sandbox = ${state} ORDER BY seq`,
      );
      return rows.map(read);
    },
    async nextKeys(count) {
      if (count <= 0) return [];
      await withSequence();
      const rows = await database.run(
        (sql) =>
          sql<{ key: string }[]>`SELECT mock_next_keys(${state}, ${sequence}::regclass, ${count}) AS key`,
      );
      return rows.map((row) => row.key);
    },
    getDefinitions: () => value<FieldDefinition[]>('definitions', []),
    setDefinitions: (definitions) => setValue('definitions', definitions),
    getClockOffset: () => value<number>('clockOffset', 0),
    setClockOffset: (ms) => setValue('clockOffset', ms),
    getReadings: () => value<Record<string, string> | undefined>('readings', undefined),
    async setReadings(readings) {
      if (readings !== undefined) return setValue('readings', readings);
      const change = database.announce(state);
      await database.run(
        (sql) => sql`WITH gone AS (
            DELETE FROM mock_values WHERE sandbox = ${state} AND name = 'readings' RETURNING 1)
          SELECT pg_notify(${CHANGES_CHANNEL}, ${change.payload})`,
      );
      await change.held();
    },
    async dueSteps(now) {
      const rows = await database.run(
        (sql) => sql<{ key: string; at: number }[]>`
          SELECT key, (record -> 'schedule' -> 0 ->> 'at')::float8 AS at FROM mock_videos
          WHERE sandbox = ${state} AND json_typeof(record -> 'schedule' -> 0) = 'object'
            AND (record -> 'schedule' -> 0 ->> 'at')::float8 <= ${now}
            AND coalesce(record -> 'schedule' -> 0 ->> 'awaitsProcessing', 'false') <> 'true'
          ORDER BY seq LIMIT 1000`,
      );
      return rows.map((row) => ({ key: row.key, at: Number(row.at) }));
    },
    async sandboxes() {
      const rows = await database.run(
        (sql) => sql<{ sandbox: string }[]>`
          SELECT sandbox FROM mock_videos WHERE sandbox <> '' GROUP BY sandbox
          UNION SELECT sandbox FROM mock_values WHERE sandbox <> '' AND name <> 'clockOffset'`,
      );
      return rows.map((row) => row.sandbox);
    },
    async dropSandbox(name) {
      await database.run((sql) =>
        sql.begin(async (tx) => {
          await tx`DELETE FROM mock_videos WHERE sandbox = ${name}`;
          await tx`DELETE FROM mock_values WHERE sandbox = ${name}`;
          await tx`DELETE FROM mock_rate_windows WHERE sandbox = ${name}`;
          await tx`DELETE FROM mock_fault_rules WHERE sandbox = ${name}`;
          await tx`DELETE FROM mock_journal WHERE sandbox = ${name}`;
          await tx`DELETE FROM mock_uploads WHERE sandbox = ${name}`;
        }),
      );
    },
    countRequest,
    watch: (listener) =>
      stopped(
        database.changes.watch(state, (heard) => {
          const taken = Promise.resolve(listener());
          // The announcer waits for this: said once the change is taken up (a failure is its timeout).
          if (heard.kind === 'message' && heard.body !== '')
            taken.then(() => database.hold(heard.body)).catch(() => {});
        }),
      ),
    async clear() {
      await withSequence();
      // The clock's offset stays: reset does not move the virtual time back.
      const change = database.announce(state);
      await database.run((sql) =>
        sql.begin(async (tx) => {
          await tx`DELETE FROM mock_videos WHERE sandbox = ${state}`;
          await tx`DELETE FROM mock_values WHERE sandbox = ${state} AND name <> 'clockOffset'`;
          await tx`DELETE FROM mock_rate_windows WHERE sandbox = ${state}`;
          await tx`DELETE FROM mock_fault_rules WHERE sandbox = ${state}`;
          await tx`DELETE FROM mock_uploads WHERE sandbox = ${state}`;
          await tx.unsafe(`ALTER SEQUENCE ${sequence} RESTART`);
          await tx`SELECT pg_notify(${CHANGES_CHANNEL}, ${change.payload})`;
        }),
      );
      await change.held();
    },
    async close() {
      for (const stop of watching) stop();
      watching.clear();
      await uploads.close();
      await database.release();
    },
  };
}
