/** report.md: the report for people. */
import type { ContractReport } from '../support/types.js';
import { allObservations } from './observations.js';
import { printable } from './printable.js';
import { scopeLines } from './scope-lines.js';
import { verdictLine } from './summary.js';

/** A table cell: pipes escaped, control characters shown escaped (printable). */
const cell = (text: string) => printable(text.replaceAll('\n', ' ')).replaceAll('|', '\\|');
const VERDICTS = { pass: 'pass', fail: '**FAIL**', skipped: 'skipped' } as const;

export function toMarkdown(report: ContractReport): string {
  const [verdict, counts] = verdictLine(report).split(': ') as [string, string];
  const lines = [
    '# Contract report',
    '',
    `Target: ${cell(report.target.baseUrl)} (uploads: ${cell(report.target.uploadBaseUrl)})`,
    `Run: ${report.startedAt}, ${(report.durationMs / 1000).toFixed(1)} s; property seed ${report.seed}`,
    '',
    `**${verdict}**: ${counts}.`,
    ...(report.stoppedEarly ? ['', `Stopped early: ${cell(report.stoppedEarly.reason)}`] : []),
    '',
    ...scopeLines(report).map((line) => `- ${cell(line)}`),
    '',
    '## What the document states',
    '',
    '| verdict | check | § | detail |',
    '|---|---|---|---|',
    ...report.checks.map(
      (c) => `| ${VERDICTS[c.verdict]} | ${cell(c.name)} | ${cell(c.section)} | ${cell(c.detail)} |`,
    ),
    '',
    '## What the document leaves open (observed)',
    '',
    '| unknown | reading | evidence |',
    '|---|---|---|',
    ...allObservations(report).map(
      (o) =>
        `| \`${o.id}\` | ${o.verdict === 'observed' ? cell(o.reading) : '*not observed*'} | ${cell(o.evidence)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
