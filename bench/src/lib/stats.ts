/** Medians, percentiles and figures with their baseline, ratio and verdict. */
import type { Better, Figure, Target } from './types.js';

/**
 * The median of `values` (the mean of the middle two for an even count).
 *
 * @example
 * median([3, 1, 2]); // 2
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The `p`-th percentile (0..100) of `values`, nearest rank.
 *
 * @example
 * percentile([1, 2, 3, 4], 50); // 2
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

/** Rounds for display and JSON: 3 significant digits below 100, whole numbers above. */
function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (Math.abs(value) >= 100) return Math.round(value);
  return Number(value.toPrecision(3));
}

function verdictOf(target: Target, value: number, ratio: number | undefined): 'met' | 'missed' | undefined {
  const measured = target.on === 'ratio' ? ratio : value;
  if (measured === undefined || !Number.isFinite(measured)) return undefined;
  return (target.kind === 'min' ? measured >= target.bound : measured <= target.bound) ? 'met' : 'missed';
}

/**
 * Builds a figure from the runs of a subject and of its baseline: medians, ratio, verdict.
 *
 * @example
 * figure({ name: 'GET: req/s', unit: 'req/s', better: 'higher', runs: [9, 10, 11],
 *   baseline: { name: 'Prism', runs: [1, 1, 1] }, target: { text: '>= 12x Prism', on: 'ratio', kind: 'min', bound: 12 } });
 */
export function figure(input: {
  name: string;
  unit: string;
  better: Better;
  runs: number[];
  baseline?: { name: string; runs: number[] };
  target?: Target;
  note?: string;
}): Figure {
  const value = median(input.runs);
  const baseline = input.baseline && {
    name: input.baseline.name,
    value: round(median(input.baseline.runs)),
    runs: input.baseline.runs.map(round),
  };
  const ratio = baseline && baseline.value !== 0 ? value / median(input.baseline?.runs ?? []) : undefined;
  const verdict = input.target && verdictOf(input.target, value, ratio);
  const result: Figure = {
    name: input.name,
    unit: input.unit,
    better: input.better,
    value: round(value),
    runs: input.runs.map(round),
  };
  if (baseline) result.baseline = baseline;
  if (ratio !== undefined) result.ratio = round(ratio);
  if (input.target) result.target = input.target;
  if (verdict) result.verdict = verdict;
  if (input.target && verdict === 'missed') {
    const measured = input.target.on === 'ratio' ? (ratio ?? 0) : value;
    const by = input.target.kind === 'min' ? input.target.bound / measured : measured / input.target.bound;
    result.note = `missed by ${round((by - 1) * 100)}% (${round(measured)} against ${input.target.bound})${input.note ? `; ${input.note}` : ''}`;
  } else if (input.note) result.note = input.note;
  return result;
}
