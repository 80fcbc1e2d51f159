/**
 * One measured run of a job subject (pg-job-libraries) on a fresh database: a burst of events
 * (jobs/s, the enqueue cost with consumers busy), then a paced stream (enqueue-to-arrival latency,
 * the enqueue cost with consumers mostly idle), by one instance or several (each a pool and
 * consumers of its own, in this process; the first enqueues); a counting pass through a relay
 * reading the wire protocol (statements and round trips per job); what the subject keeps in the
 * schema, read from the catalog.
 */
import type { Sql } from 'postgres';
import type { JobReceiver } from './job-receiver.js';
import type { JobSubject, RunningSubject } from './job-subject.js';
import { countRoundTrips } from './pg-round-trips.js';
import { type BenchDatabase, benchDatabase } from './pg-servers.js';
import { median, percentile } from './stats.js';

export const TARGETS = 8;
export const CONSUMERS = 8;
/** Longest a phase waits for its jobs to arrive. */
export const WAIT_MS = 90_000;

export interface JobRun {
  perSecond: number;
  /** ms per enqueue of one event (a job per target): paced (consumers mostly idle), and in the burst. */
  enqueueMs: number;
  burstEnqueueMs: number;
  p50: number;
  p99: number;
  violations: number;
  duplicates: number;
  finished: boolean;
}

/** The workload of a run: events in the burst, events paced and their rate per second. */
export interface JobPlan {
  burst: number;
  paced: number;
  rate: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `total` jobs arrived or WAIT_MS passed; whether they all did. */
async function arrived(receiver: JobReceiver, total: number): Promise<boolean> {
  const until = Date.now() + WAIT_MS;
  while (receiver.received() < total && Date.now() < until) await sleep(5);
  return receiver.received() >= total;
}

/** `instances` instances of `subject` on `url`; they are stopped by `stopAll`. */
async function started(subject: JobSubject, url: string, receiver: JobReceiver, instances: number) {
  const running: RunningSubject[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      // a URL of its own: a pool of its own (the mock keeps one pool per URL in a process)
      const own = `${url}${url.includes('?') ? '&' : '?'}application_name=bench-instance-${i}`;
      running.push(await subject.start(own, receiver.url, TARGETS, CONSUMERS));
    }
    return running;
  } catch (error) {
    await stopAll(running);
    throw error;
  }
}

const stopAll = (running: RunningSubject[]) => Promise.allSettled(running.map((r) => r.stop()));

/**
 * `work` on a fresh database, once more after 10 s when the server had no connection left (the
 * machine's PostgreSQL is shared with other work: its max_connections is everyone's).
 */
async function onFreshDatabase<T>(work: (db: BenchDatabase) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const db = await benchDatabase('pg_job_libs');
    try {
      return await work(db);
    } catch (error) {
      if (attempt > 1 || !String(error).includes('too many clients')) throw error;
    } finally {
      await db.drop();
    }
    await sleep(10_000);
  }
}

/**
 * One run of `subject` on a fresh database, and what it keeps in the schema.
 *
 * @example
 * const { run, schema } = await jobRun(mockTable, receiver, { burst: 100, paced: 40, rate: 10 }, 1);
 */
export function jobRun(subject: JobSubject, receiver: JobReceiver, plan: JobPlan, instances: number) {
  return onFreshDatabase((db) => measured(db, subject, receiver, plan, instances));
}

async function measured(
  db: BenchDatabase,
  subject: JobSubject,
  receiver: JobReceiver,
  plan: JobPlan,
  instances: number,
) {
  receiver.reset();
  const running = await started(subject, db.url, receiver, instances);
  const enqueuer = running[0] as RunningSubject;
  try {
    const burstMs: number[] = [];
    const began = performance.now();
    for (let seq = 0; seq < plan.burst; seq++) {
      const at = performance.now();
      await enqueuer.enqueue({ seq, at: Date.now() });
      burstMs.push(performance.now() - at);
    }
    const burstDone = await arrived(receiver, plan.burst * TARGETS);
    const perSecond = receiver.received() / ((performance.now() - began) / 1000);
    const burstJobs = receiver.received();
    receiver.latencies.length = 0;
    const start = performance.now();
    const pacedMs: number[] = [];
    for (let i = 0; i < plan.paced; i++) {
      await sleep(Math.max(0, start + (i * 1000) / plan.rate - performance.now()));
      const at = performance.now();
      await enqueuer.enqueue({ seq: plan.burst + i, at: Date.now() });
      pacedMs.push(performance.now() - at);
    }
    const pacedDone = await arrived(receiver, burstJobs + plan.paced * TARGETS);
    const run: JobRun = {
      perSecond,
      enqueueMs: median(pacedMs),
      burstEnqueueMs: median(burstMs),
      p50: percentile(receiver.latencies, 50),
      p99: percentile(receiver.latencies, 99),
      violations: receiver.violations(),
      duplicates: receiver.duplicates(),
      finished: burstDone && pacedDone,
    };
    return { run, schema: await schemaOf(db.sql, subject) };
  } finally {
    await stopAll(running);
  }
}

/** Tables, indexes, functions, triggers and types the subject keeps (its schema, its tables). */
async function schemaOf(sql: Sql, subject: JobSubject): Promise<string> {
  const { name, tables } = subject.schema;
  const own = name !== 'public'; // in public, only the tables named are the subject's
  const [row] = await sql<Record<string, number>[]>`
    WITH n AS (SELECT oid FROM pg_namespace WHERE nspname = ${name}),
      c AS (SELECT * FROM pg_class WHERE relnamespace IN (SELECT oid FROM n) AND relname LIKE ${tables})
    SELECT (SELECT count(*) FROM c WHERE relkind IN ('r', 'p'))::int AS tables,
      (SELECT count(*) FROM pg_index i JOIN c ON c.oid = i.indrelid)::int AS indexes,
      (SELECT count(*) FROM pg_proc WHERE pronamespace IN (SELECT oid FROM n) AND ${own})::int AS functions,
      (SELECT count(*) FROM pg_trigger t JOIN c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal)::int AS triggers,
      (SELECT count(*) FROM pg_type WHERE typnamespace IN (SELECT oid FROM n) AND typtype IN ('c', 'e')
        AND typrelid NOT IN (SELECT oid FROM pg_class WHERE relkind <> 'c') AND ${own})::int AS types`;
  const of = (key: string) => row?.[key] ?? 0;
  return `${of('tables')} tables, ${of('indexes')} indexes, ${of('functions')} functions, ${of('triggers')} triggers, ${of('types')} types`;
}

/**
 * Statements and round trips per job: a burst of `events` by one instance through a relay that
 * counts them (the subject's start, migrations included, is not counted).
 */
export function countedRun(subject: JobSubject, receiver: JobReceiver, events: number) {
  return onFreshDatabase((db) => counted(db, subject, receiver, events));
}

async function counted(db: BenchDatabase, subject: JobSubject, receiver: JobReceiver, events: number) {
  const relay = await countRoundTrips(db.url);
  receiver.reset();
  const running = await started(subject, relay.url, receiver, 1);
  try {
    const before = relay.counts();
    for (let seq = 0; seq < events; seq++) await running[0]?.enqueue({ seq, at: Date.now() });
    await arrived(receiver, events * TARGETS);
    const after = relay.counts();
    const jobs = Math.max(1, receiver.received());
    return {
      statements: (after.statements - before.statements) / jobs,
      roundTrips: (after.roundTrips - before.roundTrips) / jobs,
    };
  } finally {
    await stopAll(running);
    await relay.close();
  }
}
