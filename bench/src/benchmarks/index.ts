/** Every benchmark, in the order `pnpm bench` runs them. */
import type { Benchmark } from '../lib/types.js';
import { throughput } from './throughput.js';

export const BENCHMARKS: Benchmark[] = [throughput];
