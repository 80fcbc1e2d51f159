/** The command line of `pnpm bench`: benchmark names to run (default all), `--quick`, `--runs N`, `--baseline DIR`, `--minutes N`. */

export interface BenchArgs {
  names: string[];
  quick: boolean;
  /** Measured runs per subject (median reported); `--runs N`. */
  runs: number | undefined;
  /** A checkout of an earlier commit (dependencies installed) whose mock `mock-ab` runs beside this one; `--baseline DIR`. */
  baseline: string | undefined;
  /** How long the soak runs, in minutes; `--minutes N`. */
  minutes: number | undefined;
}

/**
 * Parses `[name...] [--quick] [--runs N] [--baseline DIR] [--minutes N]`; unknown names or flags throw a message
 * that lists what is accepted.
 *
 * @example
 * parseBenchArgs(['upload', '--quick'], ['throughput', 'upload']); // { names: ['upload'], quick: true, runs: undefined, baseline: undefined, minutes: undefined }
 */
export function parseBenchArgs(argv: string[], known: readonly string[]): BenchArgs {
  const names: string[] = [];
  let quick = false;
  let runs: number | undefined;
  let baseline: string | undefined;
  let minutes: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') continue;
    if (arg === '--quick') quick = true;
    else if (arg === '--runs') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1)
        throw new Error(`--runs: "${argv[i]}" is not accepted (an integer >= 1)`);
      runs = value;
    } else if (arg === '--baseline') {
      baseline = argv[++i];
      if (baseline === undefined || baseline.startsWith('-'))
        throw new Error('--baseline: give the folder of a checkout whose mock to compare with');
    } else if (arg === '--minutes') {
      minutes = Number(argv[++i]);
      if (!(minutes > 0)) throw new Error(`--minutes: "${argv[i]}" is not accepted (a positive number)`);
    } else if (arg.startsWith('-')) {
      throw new Error(`"${arg}" is not accepted (flags: --quick, --runs N, --baseline DIR, --minutes N)`);
    } else if (!known.includes(arg)) {
      throw new Error(`unknown benchmark "${arg}" (one of: ${known.join(', ')})`);
    } else names.push(arg);
  }
  return { names: names.length > 0 ? names : [...known], quick, runs, baseline, minutes };
}
