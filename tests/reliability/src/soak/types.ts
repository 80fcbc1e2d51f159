/** Types of the soak run: one RSS sample, one window's figures, the verdicts and the whole result. */

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
  /** The machine's 1-minute load average when the sample was taken. */
  loadAverage: number;
}

/** What one window of the run (5 minutes by default) measured. */
export interface SoakWindow {
  /** 0 is the warm-up. */
  index: number;
  fromSeconds: number;
  toSeconds: number;
  requests: number;
  errors: number;
  /** Latency of the requests sent in the window (send to last body byte), in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Median and largest RSS of the samples taken in the window, in bytes. */
  rssMedianBytes: number;
  rssMaxBytes: number;
  /** Mean of the 1-minute load averages sampled in the window. */
  loadAverage: number;
}

/** One figure held to a target, with the load average the machine had while it was measured. */
export interface SoakCheck {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
  /** Load average while measured (both ends, for a comparison of two windows). */
  loadAverage: string;
  detail: string;
}

export interface SoakResult {
  startedAt: string;
  minutes: number;
  /** Requests per second the load aims at, and what it reached. */
  rate: number;
  achievedRate: number;
  /** Requests not sent on time because `maxInFlight` requests were already waiting. */
  skipped: number;
  maxInFlight: number;
  windowSeconds: number;
  seed: number;
  /** Whether the mock kept its state in a data dir (SQLite) or in memory. */
  store: 'data-dir' | 'memory';
  requests: number;
  errors: number;
  byOperation: Record<SoakOperation, number>;
  /** Resets of the mock, one at the start of each window after the first: the store holds one window's videos at most. */
  resets: number;
  statuses: Record<string, number>;
  /** First error messages (at most 20), for diagnosis. */
  errorExamples: string[];
  samples: SoakSample[];
  windows: SoakWindow[];
  checks: SoakCheck[];
  /** Every check met. */
  pass: boolean;
}
