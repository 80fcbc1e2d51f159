/**
 * The console's script (bundled into src/generated/console-bundle.ts by scripts/generate-browser.ts,
 * served at console/console.js): the forms of the page (a reading's switch, the admin token, the
 * clock, reset, a contract report, a webhook target, a fault rule), the readings playing, the
 * journal live beside them, and the state of the Videos, Webhooks and Faults panels.
 */
import { act, afterEachAction } from './actions.js';
import { keepAdminToken } from './admin.js';
import { say } from './dom.js';
import { clearJournal, followJournal, startJournal } from './journal.js';
import { refreshReadings, switchReading } from './readings.js';
import { playReport, watchReportFile } from './report.js';
import { pollState, showState } from './state.js';

/** The value of the control named `name` in `form`. */
const fieldValue = (form: HTMLFormElement, name: string): string =>
  (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value;

/** What each form of the page does, by its id. */
const FORMS: Record<string, (form: HTMLFormElement) => void> = {
  'token-form': (form) => {
    keepAdminToken(fieldValue(form, 'token'));
    (form.elements.namedItem('token') as HTMLInputElement).value = '';
    say('Token kept for this tab.');
    void refreshReadings();
    followJournal(); // now over the stream with the token
  },
  'clock-form': (form) => {
    const ms = Number(fieldValue(form, 'ms'));
    void act('clock/advance', 'POST', { ms }, `Clock advanced by ${ms} ms.`);
  },
  'reset-form': () => {
    clearJournal();
    void act('reset', 'POST', undefined, 'Mock reset.');
  },
  'report-form': playReport,
  'target-form': (form) =>
    void act('webhooks', 'POST', { url: fieldValue(form, 'url') }, 'Target registered.'),
  'fault-form': (form) => {
    let rule: unknown;
    try {
      rule = JSON.parse(fieldValue(form, 'rule'));
    } catch (error) {
      say(`The fault rule is not JSON: ${(error as Error).message}`, true);
      return;
    }
    void act('faults', 'POST', rule, 'Fault rule added.');
  },
};

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const unknown = form.dataset.unknown;
  const handle = FORMS[form.id];
  if (!handle && !unknown) return;
  event.preventDefault();
  if (handle) handle(form);
  else if (unknown) void switchReading(unknown, fieldValue(form, 'reading'));
});

afterEachAction(() => Promise.all([showState(), refreshReadings()]).then(() => undefined));
watchReportFile();
void refreshReadings();
void startJournal();
pollState();
