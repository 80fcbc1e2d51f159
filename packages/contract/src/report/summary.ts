/** The short terminal summary: why a run stopped, failures in full, skips by reason, observations one line each. */
import type { ContractReport } from '../support/types.js';
import { allObservations } from './observations.js';
import { printable as p } from './printable.js';
import { scopeLines } from './scope-lines.js';

/** The verdict line shared by the summary and report.md. */
export function verdictLine(report: ContractReport): string {
  const { passed, failed, skipped, observed, notObserved } = report.summary;
  const verdict = failed === 0 && !report.stoppedEarly ? 'PASS' : 'FAIL';
  return `${verdict}: ${passed} checks passed, ${failed} failed, ${skipped} skipped; ${observed} unknowns observed, ${notObserved} not observed`;
}

export function toSummary(report: ContractReport): string {
  const failures = report.checks
    .filter((c) => c.verdict === 'fail')
    .map((c) => `  ✗ §${p(c.section)} ${p(c.name)}\n      ${p(c.detail)}`);
  const reasons = new Map<string, string[]>();
  for (const c of report.checks.filter((c) => c.verdict === 'skipped')) {
    reasons.set(p(c.detail), [...(reasons.get(p(c.detail)) ?? []), `§${p(c.section)} ${p(c.name)}`]);
  }
  const skipped = [...reasons].map(
    ([reason, names]) => `  - ${names.length === 1 ? names[0] : `${names.length} checks`}\n      ${reason}`,
  );
  const observations = allObservations(report).map((o) =>
    o.verdict === 'observed'
      ? `  ~ ${o.id}: ${p(o.reading)}`
      : `  ? ${o.id}: not observed (${p(o.evidence)})`,
  );
  return [
    `contract: ${p(report.target.baseUrl)}`,
    ...(report.stoppedEarly ? [`stopped early: ${p(report.stoppedEarly.reason)}`] : []),
    ...(failures.length > 0 ? ['failed checks:', ...failures] : []),
    ...(skipped.length > 0 ? ['skipped checks:', ...skipped] : []),
    'observed:',
    ...observations,
    ...scopeLines(report),
    `seed of the generated values and property checks: ${report.seed} (replay with --seed ${report.seed})`,
    verdictLine(report),
  ].join('\n');
}
