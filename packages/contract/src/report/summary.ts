/** The short terminal summary: failures in full, observations one line each. */
import type { ContractReport } from '../types.js';

export function toSummary(report: ContractReport): string {
  const { passed, failed, observed } = report.summary;
  const failures = report.checks
    .filter((c) => c.verdict === 'fail')
    .map((c) => `  ✗ §${c.section} ${c.name}\n      ${c.detail}`);
  const observations = report.observations.map((o) => `  ~ ${o.id}: ${o.reading}`);
  return [
    `contract: ${report.target.baseUrl}`,
    ...(failures.length > 0 ? ['failed checks:', ...failures] : []),
    'observed:',
    ...observations,
    `${failed === 0 ? 'PASS' : 'FAIL'}: ${passed} checks passed, ${failed} failed, ${observed} unknowns observed`,
  ].join('\n');
}
