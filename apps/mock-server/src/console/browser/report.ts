/**
 * A contract report (`report.json` of `video-api-contract`) opened in the page: beside each
 * unknown, what the run observed of it (a reading, `other`, or not observed); the form's button
 * plays the observed readings (`PATCH /__mock/readings`, the twin of `--readings-from`; the admin
 * API refuses a reading this spec does not have).
 */
import { act } from './actions.js';
import { byId, say, sayError } from './dom.js';
import type { ReportView } from './types.js';

/** The readings the report observed, by unknown. */
let observed: Record<string, string> = {};

/** Shows what `file` observed beside each unknown; resolves with the number of observations. */
async function openReport(file: File): Promise<number> {
  const report = JSON.parse(await file.text()) as Partial<ReportView> | null;
  if (!report || !Array.isArray(report.observations))
    throw new Error(`${file.name} is not a contract report (no observations)`);
  observed = {};
  const seen = new Map(report.observations.map((o) => [o.id, o]));
  for (const out of document.querySelectorAll<HTMLElement>('[data-reported]')) {
    const o = seen.get(out.dataset.reported ?? '');
    const verdict = !o ? 'not in the report' : o.verdict === 'observed' ? `observed ${o.reading}` : o.verdict;
    out.textContent = ` · report: ${verdict}`;
    if (o?.verdict === 'observed' && o.reading && o.reading !== 'other') observed[o.id] = o.reading;
  }
  return report.observations.length;
}

/** Plays the readings the opened report observed. */
export function playReport(): void {
  const count = Object.keys(observed).length;
  if (count === 0) {
    say('Open a report that observed readings first.', true);
    return;
  }
  void act('readings', 'PATCH', observed, `Playing what the report observed (${count} unknowns).`);
}

/** Opens a report when one is chosen in the form. */
export function watchReportFile(): void {
  byId<HTMLInputElement>('report-file').addEventListener('change', async (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    try {
      say(`${file.name}: ${await openReport(file)} observations shown beside the unknowns.`);
    } catch (error) {
      sayError(error);
    }
  });
}
