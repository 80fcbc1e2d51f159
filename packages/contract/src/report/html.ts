/**
 * report.html: the report as one self-contained page (inline style, no script, no address it
 * loads): the run, the checks with the request and answer that decided a failure, and every unknown
 * of the spec with the reading observed and its evidence beside the readings that were not.
 */
import type { ContractReport } from '../support/types.js';
import { STYLE } from './html-style.js';
import { text } from './html-text.js';
import { unknownsHtml } from './html-unknowns.js';
import { scopeLines } from './scope-lines.js';
import { verdictLine } from './summary.js';

/** Each verdict as a word and a sign, so no status is told by colour alone. */
const VERDICTS = {
  pass: '<span class="verdict pass">✓ pass</span>',
  fail: '<span class="verdict fail">✗ FAIL</span>',
  skipped: '<span class="verdict skipped">– skipped</span>',
} as const;

function runHtml(report: ContractReport): string {
  const [verdict, counts] = verdictLine(report).split(': ') as [string, string];
  const rows: Array<[string, string]> = [
    ['target', text(report.target.baseUrl)],
    ['uploads', text(report.target.uploadBaseUrl)],
    ['profile', text(report.scope?.profile ?? 'not recorded')],
    ['seed', `${report.seed} (replay with <code>--seed ${report.seed}</code>)`],
    ['started', `<time datetime="${text(report.startedAt)}">${text(report.startedAt)}</time>`],
    ['duration', `${(report.durationMs / 1000).toFixed(1)} s`],
    ['totals', text(counts)],
  ];
  const verdictClass = verdict === 'PASS' ? 'pass' : 'fail';
  return [
    '<h2 id="run">The run</h2>',
    `<p class="verdict ${verdictClass}">${verdict === 'PASS' ? '✓' : '✗'} ${text(verdict)}</p>`,
    `<dl class="run">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`,
    ...(report.stoppedEarly
      ? [`<p><strong>Stopped early</strong>: ${text(report.stoppedEarly.reason)}</p>`]
      : []),
    ...(scopeLines(report).length > 0
      ? [
          `<ul>${scopeLines(report)
            .map((l) => `<li>${text(l)}</li>`)
            .join('')}</ul>`,
        ]
      : []),
  ].join('\n');
}

/** The checks; a failure's detail holds the request (credentials hidden, body capped) and the answer. */
function checksHtml(report: ContractReport): string {
  const rows = report.checks.map(
    (c) =>
      `<tr><td>${VERDICTS[c.verdict]}</td><th scope="row">${text(c.name)}</th><td>§${text(c.section)}</td><td><pre>${text(c.detail)}</pre></td></tr>`,
  );
  return [
    '<h2 id="checks">What the document states</h2>',
    '<table>',
    `<caption>Checks: ${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.skipped} skipped</caption>`,
    '<thead><tr><th scope="col">verdict</th><th scope="col">check</th><th scope="col">§</th><th scope="col">detail (for a failure: the request and the answer)</th></tr></thead>',
    `<tbody>${rows.join('\n')}</tbody>`,
    '</table>',
  ].join('\n');
}

export function toHtml(report: ContractReport): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Contract report: ${text(report.target.baseUrl)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header><h1>Contract report</h1>',
    '<nav aria-label="Sections"><a href="#run">The run</a> · <a href="#checks">Checks</a> · <a href="#unknowns">Unknowns</a></nav></header>',
    '<main>',
    runHtml(report),
    checksHtml(report),
    unknownsHtml(report),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
