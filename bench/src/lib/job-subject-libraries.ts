/**
 * The job libraries of pg-job-libraries, each used as its documentation says for "one job at a
 * time per key, in order", with the same `deliver` as the mock's table:
 * - pg-boss (10.x, the newest on Node 20): a queue per target with policy `singleton` (at most one
 *   active job in the queue, whichever process fetches) and one `work()` per queue. Not one queue
 *   with a `singletonKey` per target: its fetch takes the oldest jobs `FOR UPDATE SKIP LOCKED`, so
 *   while one fetch holds a target's oldest job another takes that target's next one, and the one
 *   that commits first wins the unique index (the other's whole fetch fails, swallowed by pg-boss):
 *   tried once beside this benchmark (8 workers, batches of 8, 480 jobs), 24 and 32 arrived out of
 *   order. A singleton queue per target has the same window between instances, one job wide.
 * - graphile-worker (0.17.x): a job per target with `queue_name` = the target (its serial queues:
 *   one job of a queue runs at a time, in order), enqueued with its SQL function `add_job` on the
 *   caller's own connection, `concurrency` consumers in one runner.
 */
import { Logger, run } from 'graphile-worker';
import PgBoss from 'pg-boss';
import postgres from 'postgres';
import { deliver, type JobPayload } from './job-receiver.js';
import { type JobSubject, POOL } from './job-subject.js';

const targetNames = (targets: number) => Array.from({ length: targets }, (_, t) => `t${t}`);

export const pgBoss: JobSubject = {
  name: 'pg-boss',
  schema: { name: 'pgboss', tables: '%' },
  async start(databaseUrl, receiverUrl, targets, consumers) {
    const boss = new PgBoss({ connectionString: databaseUrl, max: POOL, schedule: false });
    const errors: unknown[] = [];
    boss.on('error', (error) => errors.push(error));
    await boss.start();
    const names = targetNames(targets);
    for (const name of names) await boss.createQueue(name, { name, policy: 'singleton' });
    // workers per queue: the consumers shared out (a second worker of a singleton queue mostly
    // finds its one active job taken: it helps only across processes)
    const perQueue = Math.max(1, Math.round(consumers / targets));
    for (const name of names.flatMap((name) => Array<string>(perQueue).fill(name)))
      await boss.work<JobPayload>(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await deliver(`${receiverUrl}/${name}`, JSON.stringify(job.data));
      });
    return {
      async enqueue(payload) {
        await boss.insert(names.map((name) => ({ name, data: payload })));
      },
      async stop() {
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
        if (errors.length > 0) throw new Error(`pg-boss: ${String(errors[0])}`);
      },
    };
  },
};

export const graphileWorker: JobSubject = {
  name: 'graphile-worker',
  schema: { name: 'graphile_worker', tables: '%' },
  async start(databaseUrl, receiverUrl, targets, consumers) {
    const runner = await run({
      connectionString: databaseUrl,
      concurrency: consumers,
      maxPoolSize: POOL,
      noHandleSignals: true,
      logger: new Logger(() => () => {}),
      taskList: {
        deliver: async (payload) => {
          const { target, ...job } = payload as JobPayload & { target: string };
          await deliver(`${receiverUrl}/${target}`, JSON.stringify(job));
        },
      },
    });
    // the caller's own connection (the mock's driver): add_job joins the caller's transaction
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const names = targetNames(targets);
    return {
      async enqueue(payload) {
        await sql`SELECT graphile_worker.add_job('deliver',
            json_build_object('target', t, 'seq', ${payload.seq}::int, 'at', ${payload.at}::bigint),
            queue_name := t)
          FROM unnest(${names}::text[]) AS t`;
      },
      async stop() {
        await runner.stop();
        // its pool ends after stop() resolves: dropping the database before would end its idle
        // connections with no listener left for the error
        await runner.promise;
        await sql.end({ timeout: 5 });
      },
    };
  },
};
