/**
 * The PostgreSQL schema of the mock's state, as versioned migrations applied once at start. Each
 * process that starts takes a transaction-level advisory lock first, so several processes starting
 * at once migrate once: the first applies what is missing, the others wait on the lock and find
 * nothing left to do. A plain mechanism rather than a migration tool (node-pg-migrate,
 * postgres-migrations): the migrations ship inside the package and run in the process that needs
 * them, in one transaction with the lock, with no CLI, file layout or second driver to install.
 * A migration is never edited once released: a change is a new entry at the end.
 */
import type { Sql } from 'postgres';

/** One step of the schema: applied in a transaction, recorded in mock_migrations. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The lock every starting process takes before it migrates (a constant: `video-api-mock` as a number). */
export const MIGRATION_LOCK = 0x76617069; // 'vapi'

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'videos, state values and key sequences',
    sql: `
      CREATE TABLE mock_videos (
        sandbox text NOT NULL,
        key text NOT NULL,
        seq bigserial NOT NULL,
        -- json, not jsonb: the text as the API took it (jsonb holds no NUL escape and no lone
        -- surrogate, which JSON strings may carry, and reorders members)
        record json NOT NULL,
        PRIMARY KEY (sandbox, key)
      );
      CREATE INDEX mock_videos_order ON mock_videos (sandbox, seq);
      CREATE TABLE mock_values (
        sandbox text NOT NULL,
        name text NOT NULL,
        value json NOT NULL,
        PRIMARY KEY (sandbox, name)
      );
      -- count keys from the sequence of the sandbox, skipping those a seed stored (one round trip)
      CREATE FUNCTION mock_next_keys(p_sandbox text, p_sequence regclass, p_count integer)
      RETURNS SETOF text LANGUAGE plpgsql AS $$
      DECLARE
        n bigint;
        candidate text;
        found integer := 0;
      BEGIN
        WHILE found < p_count LOOP
          n := nextval(p_sequence);
          candidate := 'v-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END;
          IF NOT EXISTS (SELECT 1 FROM mock_videos WHERE sandbox = p_sandbox AND key = candidate) THEN
            found := found + 1;
            RETURN NEXT candidate;
          END IF;
        END LOOP;
      END $$;
    `,
  },
  {
    version: 2,
    name: 'rate-limit windows',
    sql: `
      -- one fixed window per state and token (a hash of it) on the virtual clock (§8's 429 reading)
      CREATE TABLE mock_rate_windows (
        sandbox text NOT NULL,
        who text NOT NULL,
        start_ms double precision NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (sandbox, who)
      );
    `,
  },
  {
    version: 3,
    name: 'fault rules',
    sql: `
      -- the fault rules of each state, in order; remaining: what is left of the rule's times
      CREATE TABLE mock_fault_rules (
        sandbox text NOT NULL,
        id text NOT NULL,
        position integer NOT NULL,
        rule json NOT NULL,
        remaining integer,
        PRIMARY KEY (sandbox, id)
      );
    `,
  },
  {
    version: 4,
    name: 'journal',
    sql: `
      -- the requests every process served, per state, bounded as each process's journal is
      CREATE TABLE mock_journal (
        sandbox text NOT NULL,
        seq bigserial NOT NULL,
        record json NOT NULL,
        PRIMARY KEY (sandbox, seq)
      );
      `,
  },
  {
    version: 5,
    name: 'webhook targets, deliveries as leased jobs, attempts',
    sql: `
      CREATE TABLE mock_webhook_targets (
        sandbox text NOT NULL,
        id text NOT NULL,
        seq bigserial NOT NULL,
        url text NOT NULL,
        secret text NOT NULL,
        from_options boolean NOT NULL DEFAULT false,
        PRIMARY KEY (sandbox, id)
      );
      -- a target of the start options (--webhook) once per URL, however many instances start at once
      CREATE UNIQUE INDEX mock_webhook_targets_options ON mock_webhook_targets (sandbox, url) WHERE from_options;
      -- one row per delivery (one event, one copy, one target): a job any process takes with
      -- FOR UPDATE SKIP LOCKED and holds under a lease (real time of the database) while it attempts
      CREATE TABLE mock_webhook_deliveries (
        seq bigserial PRIMARY KEY,
        sandbox text NOT NULL,
        key text NOT NULL,
        target_id text NOT NULL,
        copy integer NOT NULL,
        job json NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        first_at bigint,
        due_at bigint NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'given-up')),
        given_up_at bigint,
        last_status integer,
        last_error text,
        lease_owner text,
        lease_until timestamptz,
        UNIQUE (sandbox, key),
        FOREIGN KEY (sandbox, target_id) REFERENCES mock_webhook_targets ON DELETE CASCADE
      );
      CREATE INDEX mock_webhook_deliveries_queue ON mock_webhook_deliveries (sandbox, target_id, seq)
        WHERE status = 'pending';
      CREATE INDEX mock_webhook_deliveries_due ON mock_webhook_deliveries (sandbox, due_at)
        WHERE status = 'pending';
      CREATE TABLE mock_webhook_attempts (
        seq bigserial PRIMARY KEY,
        sandbox text NOT NULL,
        record json NOT NULL
      );
      CREATE INDEX mock_webhook_attempts_order ON mock_webhook_attempts (sandbox, seq);
      `,
  },
  {
    version: 6,
    name: 'transcodes as leased jobs',
    sql: `
      -- one row per upload waiting for its renditions: any process with ffmpeg takes it with
      -- FOR UPDATE SKIP LOCKED under a lease it renews while ffmpeg runs; gone once done
      CREATE TABLE mock_transcodes (
        sandbox text NOT NULL,
        key text NOT NULL,
        seq bigserial NOT NULL,
        source json NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        lease_owner text,
        lease_until timestamptz,
        PRIMARY KEY (sandbox, key)
      );
      CREATE INDEX mock_transcodes_order ON mock_transcodes (sandbox, seq);
    `,
  },
  {
    version: 7,
    name: 'journal entries name the process that kept them',
    sql: `
      -- a notice names a batch (its process and first and last seq); the others read it from here
      ALTER TABLE mock_journal ADD COLUMN origin text;
    `,
  },
  {
    version: 8,
    name: 'uploads in progress under leases',
    sql: `
      -- one row per upload streaming in (the uploading phase, one truth for every process), under a
      -- lease (real time of the database) its process renews while the body streams: a process
      -- killed mid-upload stops renewing, and once its lease ends the video shows created again
      CREATE TABLE mock_uploads (
        id bigserial PRIMARY KEY,
        sandbox text NOT NULL,
        key text NOT NULL,
        lease_until timestamptz NOT NULL
      );
      CREATE INDEX mock_uploads_video ON mock_uploads (sandbox, key);
    `,
  },
  {
    version: 9,
    name: 'webhook deliveries held for a reordering window',
    sql: `
      -- webhook-delivery=reordered: a delivery is inserted at once, held until lease_until (the
      -- window, the database's real time), then made pending in a shuffled order by any taker
      ALTER TABLE mock_webhook_deliveries DROP CONSTRAINT mock_webhook_deliveries_status_check;
      ALTER TABLE mock_webhook_deliveries ADD CONSTRAINT mock_webhook_deliveries_status_check
        CHECK (status IN ('pending', 'held', 'given-up'));
      CREATE INDEX mock_webhook_deliveries_held ON mock_webhook_deliveries (sandbox, lease_until)
        WHERE status = 'held';
    `,
  },
  {
    version: 10,
    name: 'the journal unlogged',
    sql: `
      -- a view of what was served, bounded and rewritten all the time: no write-ahead log for it
      -- (an insert of 500 entries: 4 to 6 us an entry instead of 5 to 9); after a crash of the
      -- database (not a clean restart) PostgreSQL empties it, and the journals start afresh
      ALTER TABLE mock_journal SET UNLOGGED;
    `,
  },
];

/**
 * Applies the migrations `sql` lacks, under the advisory lock; resolves to the versions it applied
 * (none when another process did, or nothing was missing).
 *
 * @example
 * await migrate(sql); // [1] on an empty database, [] after
 */
export async function migrate(sql: Sql, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS mock_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set(
      (await tx<{ version: number }[]>`SELECT version FROM mock_migrations`).map((r) => r.version),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.unsafe(migration.sql);
      await tx`INSERT INTO mock_migrations (version, name) VALUES (${migration.version}, ${migration.name})`;
      applied.push(migration.version);
    }
    return applied;
  });
}

/** Whether every migration this build knows is applied (what `/readyz` asks). */
export async function migrated(sql: Sql, migrations: readonly Migration[] = MIGRATIONS): Promise<boolean> {
  const [table] = await sql<{ found: string | null }[]>`SELECT to_regclass('mock_migrations')::text AS found`;
  if (!table?.found) return false;
  const rows = await sql<{ version: number }[]>`SELECT version FROM mock_migrations`;
  const done = new Set(rows.map((r) => r.version));
  return migrations.every((migration) => done.has(migration.version));
}
