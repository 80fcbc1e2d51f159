/** What a job queue under test (pg-job-libraries) offers the benchmark, and the pool each instance may open. */
import type { JobPayload } from './job-receiver.js';

/** Connections each instance's pool may open (three instances of each side fit beside other work). */
export const POOL = 6;

/** A subject running on one database: enqueue one event (a job per target), stop. */
export interface RunningSubject {
  enqueue(payload: JobPayload): Promise<void>;
  stop(): Promise<void>;
}

/** A job queue under test: started on a fresh database with its targets and its consumers. */
export interface JobSubject {
  name: string;
  /** Where its tables, functions and triggers live (a schema, and a table-name pattern). */
  schema: { name: string; tables: string };
  start(
    databaseUrl: string,
    receiverUrl: string,
    targets: number,
    consumers: number,
  ): Promise<RunningSubject>;
}
