/**
 * Jobs on PostgreSQL, the mock's own table vs pg-boss vs graphile-worker (issue 36: "an existing
 * job library ... choose by measurement"): the same workload for each (../lib/job-runs.ts), a
 * fresh database each run, by one instance and by three (each a pool and consumers of its own),
 * subjects interleaved with the order rotating and alternating. Events to TARGETS targets, a job
 * per target per event, each target receiving its events in order; a job is delivered by POSTing
 * it to a loopback receiver answering 204, which counts order violations. Figures: jobs/s, the
 * enqueue cost, enqueue-to-arrival p50/p99, order violations, each library against the mock's
 * table; statements and round trips per job and what each adds to the schema in the notes.
 */
import { type JobReceiver, jobReceiver } from '../lib/job-receiver.js';
import {
  CONSUMERS,
  countedRun,
  type JobPlan,
  type JobRun,
  jobRun,
  TARGETS,
  WAIT_MS,
} from '../lib/job-runs.js';
import { type JobSubject, POOL } from '../lib/job-subject.js';
import { graphileWorker, pgBoss } from '../lib/job-subject-libraries.js';
import { mockTable } from '../lib/job-subject-mock.js';
import { figure } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';

const SUBJECTS = [mockTable, pgBoss, graphileWorker];
const INSTANCES = [1, 3] as const;
type Instances = (typeof INSTANCES)[number];
type Side = { subject: JobSubject; instances: Instances };
const SIDES: Side[] = INSTANCES.flatMap((instances) => SUBJECTS.map((subject) => ({ subject, instances })));
const label = ({ subject, instances }: Side) =>
  `${subject.name}, ${instances === 1 ? 'one instance' : 'three'}`;

export const pgJobLibraries: Benchmark = {
  name: 'pg-job-libraries',
  title: "Jobs on PostgreSQL: the mock's own table vs pg-boss vs graphile-worker, order per target",
  async run({ quick, runs, log }) {
    const plan: JobPlan = { burst: quick ? 30 : 60, paced: quick ? 20 : 40, rate: 10 };
    const rounds = Math.max(runs, quick ? 1 : 3);
    const receiver: JobReceiver = await jobReceiver();
    const results = new Map<Side, JobRun[]>(SIDES.map((side) => [side, []]));
    const schemas = new Map<JobSubject, string>();
    const counted = new Map<JobSubject, { statements: number; roundTrips: number }>();
    try {
      for (const subject of SUBJECTS)
        counted.set(subject, await countedRun(subject, receiver, quick ? 10 : 30));
      for (let round = 0; round < rounds; round++) {
        const order = SIDES.map((_, i) => SIDES[(i + round) % SIDES.length] as Side);
        for (const side of round % 2 === 0 ? order : order.reverse()) {
          const { run, schema } = await jobRun(side.subject, receiver, plan, side.instances);
          results.get(side)?.push(run);
          schemas.set(side.subject, schema);
          log(
            `  ${label(side)}, round ${round + 1}: ${Math.round(run.perSecond)} jobs/s, enqueue ${run.enqueueMs.toFixed(2)} ms/event (${run.burstEnqueueMs.toFixed(2)} in the burst), enqueue to arrival p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.violations} out of order, ${run.duplicates} duplicates${run.finished ? '' : `, NOT ALL ARRIVED within ${WAIT_MS / 1000} s`}`,
          );
        }
      }
    } finally {
      await receiver.close();
    }
    return {
      setup: `A fresh database per run on the machine's PostgreSQL; ${TARGETS} targets, a job per target per event, ${CONSUMERS} consumers per instance in this process, one loopback receiver answering 204 (it checks the order per target); one instance, or three (each a pool of ${POOL} connections and ${CONSUMERS} consumers of its own; the first enqueues; pools of ${POOL}, not the mock's default 10, so that three instances of each fit in the shared server's max_connections). Per run: a burst of ${plan.burst} events (${plan.burst * TARGETS} jobs, enqueued one after another, each event in one statement) timed from the first enqueue to the last arrival, then ${plan.paced} events paced at ${plan.rate}/s for the latency (enqueue to arrival) and the enqueue cost (ms per event, consumers mostly idle; the burst's, consumers busy, beside it). The mock's table through its real postgresWebhookJobs (claim of each target's first pending delivery under a lease, settle taking the next), enqueued on its pool; pg-boss 10.4.2, a queue per target, policy singleton, one work() per queue (polling 0.5 s, its minimum), insert() of the event's jobs; graphile-worker 0.17.3, queue_name per target, add_job on the caller's own connection, concurrency ${CONSUMERS}. ${rounds} rounds, the ${SIDES.length} sides' order rotating and alternating. Statements and round trips per job: one burst of one instance through a relay reading the wire protocol.`,
      figures: figures(results),
      notes: SUBJECTS.map((subject) => {
        const count = counted.get(subject);
        const all = SIDES.filter((side) => side.subject === subject).flatMap(
          (side) => results.get(side) ?? [],
        );
        const unfinished = all.filter((run) => !run.finished).length;
        const duplicates = all.reduce((sum, run) => sum + run.duplicates, 0);
        return `${subject.name}: ${count ? `${count.statements.toFixed(2)} statements and ${count.roundTrips.toFixed(2)} round trips per job (enqueue, take, settle, polling)` : ''}; its schema: ${schemas.get(subject) ?? '?'}; ${duplicates} duplicates over all runs${unfinished > 0 ? `; ${unfinished} run(s) not finished within ${WAIT_MS / 1000} s` : ''}`;
      }),
    };
  },
};

const MEASURES = [
  ['jobs per second (burst)', 'jobs/s', 'higher', 'perSecond'],
  ['enqueue of one event to every target, paced', 'ms', 'lower', 'enqueueMs'],
  ['enqueue of one event, in the burst (consumers busy)', 'ms', 'lower', 'burstEnqueueMs'],
  ['enqueue to arrival p50 (paced)', 'ms', 'lower', 'p50'],
  ['enqueue to arrival p99 (paced)', 'ms', 'lower', 'p99'],
  ['order violations per run (must be 0)', 'jobs', 'lower', 'violations'],
] as const;

/** Each library's figures against the mock's table with as many instances; the table's own order check. */
function figures(results: Map<Side, JobRun[]>): Figure[] {
  const sideOf = (subject: JobSubject, instances: Instances) =>
    SIDES.find((side) => side.subject === subject && side.instances === instances) as Side;
  const runsOf = (side: Side, field: keyof JobRun) =>
    (results.get(side) ?? []).map((run) => Number(run[field]));
  const list: Figure[] = [];
  for (const instances of INSTANCES) {
    const table = sideOf(mockTable, instances);
    for (const subject of [pgBoss, graphileWorker])
      for (const [name, unit, better, field] of MEASURES)
        list.push(
          figure({
            name: `${label(sideOf(subject, instances))}: ${name}`,
            unit,
            better,
            runs: runsOf(sideOf(subject, instances), field),
            baseline: { name: label(table), runs: runsOf(table, field) },
          }),
        );
    list.push(
      figure({
        name: `${label(table)}: order violations per run (must be 0)`,
        unit: 'jobs',
        better: 'lower',
        runs: runsOf(table, 'violations'),
      }),
    );
  }
  return list;
}
