/**
 * The unknowns of report.html: every unknown of the spec's registry, observed or not, with the
 * document's sentence (`says`) and section, the reading observed and its evidence, beside the
 * readings that were not observed, each with its sentence from the spec.
 */
import { type UnspecifiedMarker, unspecified, unspecifiedIds } from '@video-api/schema';
import type { ContractReport, Observation } from '../support/types.js';
import { anchor, text } from './html-text.js';
import { allObservations } from './observations.js';

/** Why an unknown with readings has no observation in the report: the profile, the selection, or the run's end. */
function whyMissing(report: ContractReport, id: string): string {
  const byProfile = report.scope?.skippedByProfile.find((s) => s.id === id);
  if (byProfile) return `the ${report.scope?.profile} profile did not run its probe: ${byProfile.reason}`;
  if (report.scope?.skippedByChoice.includes(id)) return 'its probe was not selected (--only / --skip)';
  if (report.stoppedEarly) return `the run stopped before its probe: ${report.stoppedEarly.reason}`;
  return 'this report holds no observation of it';
}

const mark = (observed: boolean) =>
  observed ? '<span class="verdict pass">✓ observed</span>' : '<span class="muted">not observed</span>';

function readingsTable(marker: UnspecifiedMarker, seen: Observation | undefined): string {
  const reading = seen?.verdict === 'observed' ? (seen.reading as string) : undefined;
  const rows = Object.entries(marker.readings ?? {}).map(
    ([name, sentence]) =>
      `<tr><th scope="row"><code>${text(name)}</code></th><td>${mark(name === reading)}</td><td>${text(sentence)}</td></tr>`,
  );
  if (reading === 'other') {
    rows.push(
      `<tr><th scope="row"><code>other</code></th><td>${mark(true)}</td><td>The target does something none of the readings describes (see the evidence).</td></tr>`,
    );
  }
  return [
    '<table>',
    `<caption>Readings of <code>${text(marker.id)}</code></caption>`,
    '<thead><tr><th scope="col">reading</th><th scope="col">in this run</th><th scope="col">meaning (spec)</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table>',
  ].join('\n');
}

function outcome(report: ContractReport, marker: UnspecifiedMarker, seen: Observation | undefined): string {
  if (marker.readings === undefined) {
    return `<p><strong>Not observed</strong>: the spec gives it no readings. ${text(marker.noReadings ?? '')}</p>`;
  }
  if (seen === undefined)
    return `<p><strong>Not observed</strong>: ${text(whyMissing(report, marker.id))}.</p>`;
  const head =
    seen.verdict === 'observed'
      ? `<p><strong>Observed reading</strong>: <code>${text(seen.reading)}</code></p>`
      : '<p><strong>Not observed</strong> (the evidence says why)</p>';
  return `${head}\n<p>Evidence:</p>\n<pre>${text(seen.evidence)}</pre>`;
}

function unknownSection(report: ContractReport, marker: UnspecifiedMarker, seen: Observation | undefined) {
  const id = anchor('unknown', marker.id);
  return [
    `<section class="unknown" id="${id}" aria-labelledby="${id}-title">`,
    `<h3 id="${id}-title"><code>${text(marker.id)}</code> <span class="muted">§${text(marker.source)}</span></h3>`,
    `<p>The document (§${text(marker.source)}): <q class="says">${text(marker.says)}</q></p>`,
    ...(marker.note ? [`<p>${text(marker.note)}</p>`] : []),
    outcome(report, marker, seen),
    ...(Object.keys(marker.readings ?? {}).length > 0 ? [readingsTable(marker, seen)] : []),
    '</section>',
  ].join('\n');
}

/** The overview table and one section per unknown of the registry, then any the suite keeps itself. */
export function unknownsHtml(report: ContractReport): string {
  const observations = allObservations(report);
  const markers = unspecifiedIds.map((id) => unspecified[id] as UnspecifiedMarker);
  const local = observations.filter((o) => !markers.some((m) => m.id === o.id));
  const seenOf = (id: string) => observations.find((o) => o.id === id);
  const cell = (marker: UnspecifiedMarker) => {
    const seen = seenOf(marker.id);
    return seen?.verdict === 'observed'
      ? `<code>${text(seen.reading)}</code>`
      : '<span class="muted">not observed</span>';
  };
  const overview = markers.map(
    (m) =>
      `<tr><th scope="row"><a href="#${anchor('unknown', m.id)}"><code>${text(m.id)}</code></a></th><td>§${text(m.source)}</td><td>${cell(m)}</td></tr>`,
  );
  return [
    '<h2 id="unknowns">What the document leaves open</h2>',
    `<p>Every unknown of the spec (${markers.length}): the reading this run observed, or why it did not.</p>`,
    '<table>',
    '<caption>Unknowns and their observed readings</caption>',
    '<thead><tr><th scope="col">unknown</th><th scope="col">§</th><th scope="col">observed reading</th></tr></thead>',
    `<tbody>${overview.join('\n')}</tbody>`,
    '</table>',
    ...markers.map((m) => unknownSection(report, m, seenOf(m.id))),
    ...local.map((o) =>
      unknownSection(
        report,
        {
          id: o.id,
          pointer: '',
          source: '?',
          says: 'not in the spec’s registry (kept by the suite)',
          readings: {},
        },
        o,
      ),
    ),
  ].join('\n');
}
