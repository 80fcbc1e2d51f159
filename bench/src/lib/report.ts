/** Writes a run's results: latest.json, latest.md and a dated JSON copy kept for comparison. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { RESULTS_DIR } from './paths.js';
import type { Figure, RunResults } from './types.js';

const cell = (value: number | undefined, unit = '') =>
  value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;

function figureRow(f: Figure): string {
  const verdict = f.verdict
    ? `${f.verdict === 'met' ? '✅ met' : '❌ missed'} (${f.target?.text})`
    : (f.target?.text ?? '—');
  const baseline = f.baseline ? `${cell(f.baseline.value, f.unit)} (${f.baseline.name})` : '—';
  const runs = f.runs.join(' / ');
  return `| ${f.name} | ${cell(f.value, f.unit)} | ${baseline} | ${f.ratio === undefined ? '—' : `${f.ratio}×`} | ${verdict} | ${runs} | ${f.note ?? ''} |`;
}

/**
 * Renders the results as Markdown for people.
 *
 * @example
 * writeFileSync('latest.md', toMarkdown(results));
 */
function toMarkdown(results: RunResults): string {
  const m = results.machine;
  const lines = [
    '# Bench results',
    '',
    `- Date: ${results.date}${results.quick ? ' (quick mode: shorter runs, 100 MiB only)' : ''}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, ${m.os}`,
    `- Node: ${m.node}`,
    '- Every figure is the median of the runs listed; the baseline ran in the same run, interleaved.',
    '- The machine is shared: the load average per benchmark says how busy it was. Ratios (subject and',
    '  baseline interleaved under the same load) are steadier than absolute figures.',
    '',
  ];
  const summary = results.benchmarks.flatMap((b) =>
    b.figures.filter((f) => f.verdict).map((f) => ({ b, f })),
  );
  if (summary.length > 0) {
    lines.push(
      '## Targets',
      '',
      '| benchmark | figure | target | ratio / value | verdict |',
      '|---|---|---|---|---|',
    );
    for (const { b, f } of summary) {
      const measured = f.target?.on === 'ratio' ? `${f.ratio}×` : cell(f.value, f.unit);
      lines.push(
        `| ${b.name} | ${f.name} | ${f.target?.text} | ${measured} | ${f.verdict === 'met' ? '✅ met' : `❌ missed: ${f.note ?? ''}`} |`,
      );
    }
    lines.push('');
  }
  for (const b of results.benchmarks) {
    lines.push(
      `## ${b.title} (\`${b.name}\`)`,
      '',
      b.setup,
      '',
      `Took ${Math.round(b.durationMs / 1000)} s${b.loadAverage ? `; load average ${b.loadAverage.before} before, ${b.loadAverage.after} after (${results.machine.cores} cores)` : ''}.`,
      '',
    );
    if (b.error) lines.push(`**Could not run:** ${b.error}`, '');
    if (b.figures.length > 0) {
      lines.push(
        '| figure | value | baseline | ratio | target | runs | note |',
        '|---|---|---|---|---|---|---|',
      );
      lines.push(...b.figures.map(figureRow), '');
    }
    if (b.notes.length > 0) lines.push(...b.notes.map((note) => `- ${note}`), '');
  }
  return `${lines.join('\n')}\n`;
}

/** Writes latest.json, latest.md and `<ISO date>.json` under bench/results; returns their paths. */
export function writeResults(results: RunResults): string[] {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(results, null, 2)}\n`;
  const dated = `${RESULTS_DIR}/${results.date.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`;
  const files = [`${RESULTS_DIR}/latest.json`, `${RESULTS_DIR}/latest.md`, dated];
  writeFileSync(files[0] as string, json);
  writeFileSync(files[1] as string, toMarkdown(results));
  writeFileSync(dated, json);
  return files;
}
