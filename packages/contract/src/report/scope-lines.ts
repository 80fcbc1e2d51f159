/** What a run left out and left behind, as lines for the summary and report.md: profile, selection, waits, created videos. */
import type { ContractReport } from '../support/types.js';
import { printable as p } from './printable.js';

export function scopeLines(report: ContractReport): string[] {
  const lines: string[] = [];
  const scope = report.scope;
  if (scope) {
    const why = scope.skippedByProfile.map((s) => `${s.id} (${p(s.reason)})`).join(', ');
    lines.push(
      `profile ${scope.profile}${why ? `: probes not run, their unknowns stay not observed: ${why}` : ''}`,
    );
    if (scope.skippedByChoice.length > 0) {
      const given = [
        ...(scope.only.length > 0 ? [`--only ${scope.only.join(',')}`] : []),
        ...(scope.skip.length > 0 ? [`--skip ${scope.skip.join(',')}`] : []),
      ].join(' ');
      lines.push(`skipped by choice (${p(given)}): ${scope.skippedByChoice.join(', ')}`);
    }
  }
  const waits = report.rateLimitWaits;
  if (waits && waits.count > 0) {
    lines.push(
      `rate limits: ${waits.count} 429 answers waited out, ${(waits.totalMs / 1000).toFixed(1)} s of the ${(waits.budgetMs / 1000).toFixed(1)} s --max-wait budget`,
    );
  }
  const created = report.createdVideos ?? [];
  if (created.length > 0) {
    const projects = [...new Set(created.map((v) => v.projectKey))].map(p).join(', ');
    lines.push(
      `videos created (the spec has no delete; project ${projects}): ${created.length}: ${created.map((v) => p(v.key)).join(', ')}`,
    );
  }
  return lines;
}
