/**
 * `pnpm bench [name...] [--quick] [--runs N] [--minutes N]`: runs the benchmarks (each against its baseline in
 * the same run, after a warm-up, several runs, medians) and writes bench/results/latest.json,
 * latest.md and a dated JSON copy.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BENCHMARKS } from './benchmarks/index.js';
import { parseBenchArgs } from './lib/args.js';
import { FINDINGS } from './lib/findings.js';
import { machine } from './lib/machine.js';
import { TMP_DIR } from './lib/paths.js';
import { writeResults } from './lib/report.js';
import type { BenchContext, Benchmark, BenchmarkResult, RunResults } from './lib/types.js';

async function runOne(benchmark: Benchmark, context: Omit<BenchContext, 'log'>): Promise<BenchmarkResult> {
  const started = performance.now();
  const before = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const load = () => ({ before, after: Math.round((loadavg()[0] ?? 0) * 100) / 100 });
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(`▶ ${benchmark.name}: ${benchmark.title}`);
  try {
    const result = await benchmark.run({ ...context, log });
    const missed = result.figures.some((figure) => figure.verdict === 'missed');
    if (missed) result.notes.push(...(FINDINGS[benchmark.name] ?? []));
    return {
      name: benchmark.name,
      title: benchmark.title,
      ...result,
      durationMs: Math.round(performance.now() - started),
      loadAverage: load(),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ✖ ${benchmark.name} failed: ${message}`);
    return {
      name: benchmark.name,
      title: benchmark.title,
      setup: '',
      figures: [],
      notes: [],
      durationMs: Math.round(performance.now() - started),
      loadAverage: load(),
      error: message,
    };
  } finally {
    rmSync(TMP_DIR, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseBenchArgs>;
  try {
    args = parseBenchArgs(
      process.argv.slice(2),
      BENCHMARKS.map((b) => b.name),
    );
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const runs = args.runs ?? (args.quick ? 1 : 3);
  const results: RunResults = {
    date: new Date().toISOString(),
    quick: args.quick,
    machine: machine(),
    benchmarks: [],
  };
  for (const benchmark of BENCHMARKS.filter((b) => args.names.includes(b.name))) {
    if (benchmark.needsBaseline && args.baseline === undefined) {
      process.stdout.write(`▷ ${benchmark.name}: skipped (needs --baseline DIR)\n`);
      continue;
    }
    results.benchmarks.push(
      await runOne(benchmark, { quick: args.quick, runs, baseline: args.baseline, minutes: args.minutes }),
    );
  }
  const files = writeResults(results);
  process.stdout.write(`\nwrote ${files.join(', ')}\n`);
  if (results.benchmarks.some((b) => b.error)) process.exitCode = 1;
}

await main();
