/** The command line of `pnpm bench`: benchmark names to run (default all), `--quick`, `--runs N`, `--baseline DIR`. */

export interface BenchArgs {
  names: string[];
  quick: boolean;
  /** Measured runs per subject (median reported); `--runs N`. */
  runs: number | undefined;
  /** A checkout of an earlier commit (dependencies installed) whose mock `mock-ab` runs beside this one; `--baseline DIR`. */
  baseline: string | undefined;
}

/**
 * Parses `[name...] [--quick] [--runs N] [--baseline DIR]`; unknown names or flags throw a message
 * that lists what is accepted.
 *
 * @example
 * parseBenchArgs(['upload', '--quick'], ['throughput', 'upload']); // { names: ['upload'], quick: true, runs: undefined, baseline: undefined }
 */
export function parseBenchArgs(argv: string[], known: readonly string[]): BenchArgs {
  const names: string[] = [];
  let quick = false;
  let runs: number | undefined;
  let baseline: string | undefined;
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
    } else if (arg.startsWith('-')) {
      throw new Error(`"${arg}" is not accepted (flags: --quick, --runs N, --baseline DIR)`);
    } else if (!known.includes(arg)) {
      throw new Error(`unknown benchmark "${arg}" (one of: ${known.join(', ')})`);
    } else names.push(arg);
  }
  return { names: names.length > 0 ? names : [...known], quick, runs, baseline };
}
