/**
 * The part of the console's client script that opens a contract report (`report.json` of
 * `video-api-contract`) in the page: beside each unknown, what the run observed of it (a reading,
 * `other`, or not observed); the form's button plays the observed readings (`PATCH
 * /__mock/readings`, the twin of `--readings-from`; the admin API refuses a reading this spec does
 * not have). Runs inside console-script.ts's function (its `act` and `say`).
 */
export const REPORT_SCRIPT = `  let observed = {};
  async function openReport(file) {
    const report = JSON.parse(await file.text());
    if (!report || !Array.isArray(report.observations)) throw new Error(file.name + ' is not a contract report (no observations)');
    observed = {};
    const seen = new Map(report.observations.map((o) => [o.id, o]));
    for (const out of document.querySelectorAll('[data-reported]')) {
      const o = seen.get(out.dataset.reported);
      out.textContent = ' · report: ' + (!o ? 'not in the report' : o.verdict === 'observed' ? 'observed ' + o.reading : o.verdict);
      if (o && o.verdict === 'observed' && o.reading !== 'other') observed[o.id] = o.reading;
    }
    return report.observations.length;
  }
  document.getElementById('report-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    try {
      say(file.name + ': ' + (await openReport(file)) + ' observations shown beside the unknowns.');
    } catch (error) {
      say(error.message, true);
    }
  });
  function playReport() {
    if (Object.keys(observed).length === 0) {
      say('Open a report that observed readings first.', true);
      return;
    }
    act('readings', 'PATCH', observed, 'Playing what the report observed (' + Object.keys(observed).length + ' unknowns).');
  }
`;
