/** Types of the soak run: what one operation gave, one sample, and the whole result. */

/** The kinds of request the soak mixes. `bad` requests expect a 4xx. */
export type SoakOperation = 'create' | 'upload' | 'get' | 'put' | 'bad';

export interface SoakSample {
  /** Seconds since the load started. */
  atSeconds: number;
  /** Requests and errors since the previous sample. */
  requests: number;
  errors: number;
  /** Resident memory of the mock process, in bytes. */
  rssBytes: number;
}

export interface SoakResult {
  startedAt: string;
  minutes: number;
  workers: number;
  seed: number;
  /** Whether the mock kept its state in a data dir (SQLite) or in memory. */
  store: 'data-dir' | 'memory';
  requests: number;
  errors: number;
  byOperation: Record<SoakOperation, number>;
  statuses: Record<string, number>;
  /** First error messages (at most 20), for diagnosis. */
  errorExamples: string[];
  samples: SoakSample[];
  rss: { firstBytes: number; startBytes: number; endBytes: number; maxBytes: number; growthPercent: number };
  /** The verdict: no error and RSS growth under 10 %. */
  pass: boolean;
}
