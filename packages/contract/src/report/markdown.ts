/** report.md: the report for people. */
import type { ContractReport } from '../types.js';
import { verdictLine } from './summary.js';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const VERDICTS = { pass: 'pass', fail: '**FAIL**', skipped: 'skipped' } as const;

export function toMarkdown(report: ContractReport): string {
  const [verdict, counts] = verdictLine(report).split(': ') as [string, string];
  const lines = [
    '# Contract report',
    '',
    `Target: ${report.target.baseUrl} (uploads: ${report.target.uploadBaseUrl})`,
    `Run: ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s; property seed ${report.seed}`,
    '',
    `**${verdict}**: ${counts}.`,
    ...(report.stoppedEarly ? ['', `Stopped early: ${cell(report.stoppedEarly.reason)}`] : []),
    '',
    '## What the document states',
    '',
    '| verdict | check | § | detail |',
    '|---|---|---|---|',
    ...report.checks.map(
      (c) => `| ${VERDICTS[c.verdict]} | ${cell(c.name)} | ${c.section} | ${cell(c.detail)} |`,
    ),
    '',
    '## What the document leaves open (observed)',
    '',
    '| unknown | reading | evidence |',
    '|---|---|---|',
    ...report.observations.map(
      (o) =>
        `| \`${o.id}\` | ${o.verdict === 'observed' ? o.reading : '*not observed*'} | ${cell(o.evidence)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
