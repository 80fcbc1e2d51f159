/**
 * What the CLI prints while a run goes on: a line per check and probe as it finishes, a heartbeat
 * during waits (what, how long so far, the last state) and each 429 waited out; or, with
 * `--reporter json-lines`, each event as one JSON object per line for CI logs.
 */
import { printable as p } from '../report/printable.js';
import { CHECKS, PROBES } from '../support/catalogue.js';
import { LONE_SURROGATES } from '../support/shown.js';
import type { ProgressEvent } from '../support/types.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const MARK = { pass: '✓', fail: '✗', skipped: '-' } as const;

/** One line for a person: `✓ §4.1 create answers 2XX (0.1 s)`. */
export function progressLine(event: ProgressEvent): string {
  switch (event.type) {
    case 'check': {
      const { verdict, section, name, detail, durationMs = 0 } = event.result;
      const why = verdict === 'pass' ? '' : `: ${p(detail)}`;
      return `${MARK[verdict]} §${p(section)} ${p(name)} (${seconds(durationMs)})${why}`;
    }
    case 'observation': {
      const o = event.result;
      return o.verdict === 'observed'
        ? `~ ${o.id}: ${p(o.reading)}`
        : `? ${o.id}: not observed (${p(o.evidence)})`;
    }
    case 'waiting':
      return `… still waiting for ${p(event.what)}: ${seconds(event.elapsedMs)}, ${event.polls} polls, last state ${p(event.lastState)}`;
    case 'rate-limited':
      return `… 429 on ${p(event.request)}: waiting ${seconds(event.waitMs)} (${seconds(event.spentMs)} of the ${seconds(event.budgetMs)} --max-wait budget spent)`;
  }
}

/** One JSON line (I-JSON: lone surrogates replaced) for `--reporter json-lines`. */
export const jsonLine = (event: ProgressEvent | Record<string, unknown>) =>
  JSON.stringify(event, (_, value) =>
    typeof value === 'string' ? value.replace(LONE_SURROGATES, '\ufffd') : value,
  );

/** `--list`: every check and probe, with its id, section and tags. */
export function listing(): string {
  const row = (id: string, section: string, tags: readonly string[], name: string) =>
    `${id.padEnd(78)} §${section.padEnd(5)} ${tags.join(',').padEnd(20)} ${id === name ? '' : name}`.trimEnd();
  return [
    'checks (id, section, tags, name; setup checks run whatever is selected):',
    ...CHECKS.map((c) => row(c.id, c.section, c.tags, c.name)),
    '',
    'probes (the unknown they observe, its section, tags):',
    ...PROBES.map((c) => row(c.id, c.section, c.tags, c.name)),
  ].join('\n');
}
