/** report.md: the report for people. */
import type { ContractReport } from '../types.js';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function toMarkdown(report: ContractReport): string {
  const { passed, failed, observed } = report.summary;
  const lines = [
    '# Contract report',
    '',
    `Target: ${report.target.baseUrl} (uploads: ${report.target.uploadBaseUrl})`,
    `Run: ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    `**${failed === 0 ? 'PASS' : 'FAIL'}**: ${passed} passed, ${failed} failed, ${observed} unknowns observed.`,
    '',
    '## What the document states',
    '',
    '| verdict | check | § | detail |',
    '|---|---|---|---|',
    ...report.checks.map(
      (c) =>
        `| ${c.verdict === 'pass' ? 'pass' : '**FAIL**'} | ${cell(c.name)} | ${c.section} | ${cell(c.detail)} |`,
    ),
    '',
    '## What the document leaves open (observed)',
    '',
    '| unknown | reading | evidence |',
    '|---|---|---|',
    ...report.observations.map((o) => `| \`${o.id}\` | ${o.reading} | ${cell(o.evidence)} |`),
    '',
  ];
  return lines.join('\n');
}
