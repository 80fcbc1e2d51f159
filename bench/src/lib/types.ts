/** Bulky types of the bench: figures, benchmark results and the whole run. */

/** Whether a figure is better when higher (req/s, MiB/s) or lower (ms, MiB). */
export type Better = 'higher' | 'lower';

/** A target a figure is held to: `figure / baseline` (the ratio) against a bound, or the figure itself. */
export interface Target {
  /** What the target says, e.g. "at least 12x Prism". */
  text: string;
  /** `ratio` compares figure/baseline; `value` compares the figure itself. */
  on: 'ratio' | 'value';
  /** `min`: at least `bound`; `max`: at most `bound`. */
  kind: 'min' | 'max';
  bound: number;
}

/** One measured figure, with its baseline run side by side in the same run. */
export interface Figure {
  /** e.g. "GET video: req/s". */
  name: string;
  unit: string;
  better: Better;
  /** The subject's median over the runs. */
  value: number;
  /** Every run's value (the median is taken over these). */
  runs: number[];
  /** What the subject is compared with, and its median. */
  baseline?: { name: string; value: number; runs: number[] };
  /** value / baseline.value. */
  ratio?: number;
  target?: Target;
  /** met / missed, or undefined when there is no target. */
  verdict?: 'met' | 'missed';
  /** By how much a target is missed, and why; or any note on the figure. */
  note?: string;
}

export interface BenchmarkResult {
  name: string;
  title: string;
  /** What was run, how (processes, durations, runs). */
  setup: string;
  figures: Figure[];
  /** Extra lines for the report (findings, profiles). */
  notes: string[];
  durationMs: number;
  /** 1-minute load average of the machine before and after (other work on the machine skews figures). */
  loadAverage?: { before: number; after: number };
  /** Set when the benchmark could not run; its figures are then empty. */
  error?: string;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
}

export interface RunResults {
  date: string;
  quick: boolean;
  machine: Machine;
  benchmarks: BenchmarkResult[];
}

/** Settings a benchmark receives from run-all. */
export interface BenchContext {
  quick: boolean;
  /** How many measured runs of each subject (the median is reported). */
  runs: number;
  /** A checkout whose mock `mock-ab` compares with this one (`--baseline DIR`). */
  baseline: string | undefined;
  /** How long the soak runs (`--minutes N`); its own short default otherwise. */
  minutes: number | undefined;
  log: (line: string) => void;
}

export interface Benchmark {
  name: string;
  title: string;
  /** Runs only when `--baseline DIR` is given (skipped, with a line saying so, otherwise). */
  needsBaseline?: boolean;
  run(context: BenchContext): Promise<Omit<BenchmarkResult, 'name' | 'title' | 'durationMs' | 'loadAverage'>>;
}
