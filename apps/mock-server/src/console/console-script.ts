/**
 * The console's client script (served at console/console.js): switches a reading through
 * `PATCH /__mock/readings`, shows the journal live (journal-script.ts), sends the forms of the
 * Videos, Webhooks and Faults panels (state-script.ts shows those) and of a contract report
 * (report-script.ts), and keeps the admin token (asked for when the mock has one) in
 * sessionStorage, sent as `Authorization: Bearer`. Plain browser JavaScript, no dependency; every
 * text goes into the page through textContent.
 */
import { JOURNAL_SCRIPT } from './journal-script.js';
import { PLAYER_SCRIPT } from './player-script.js';
import { REPORT_SCRIPT } from './report-script.js';
import { STATE_SCRIPT } from './state-script.js';

export const CONSOLE_SCRIPT = `'use strict';
(() => {
${STATE_SCRIPT}
${PLAYER_SCRIPT}
${REPORT_SCRIPT}
  const TOKEN_KEY = 'video-api-mock.admin-token';
  const status = document.getElementById('status');
  const say = (text, bad) => { status.textContent = text; status.className = bad ? 'bad' : ''; };
  async function admin(path, init) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const headers = Object.assign({}, init && init.headers, token ? { authorization: 'Bearer ' + token } : {});
    const res = await fetch('__mock/' + path, Object.assign({}, init, { headers }));
    if (!res.ok) {
      const problem = await res.json().catch(() => ({}));
      throw new Error(path + ': ' + res.status + ' ' + (problem.detail || problem.title || res.statusText));
    }
    return res.status === 204 ? null : res.json();
  }
  function showReadings(view) {
    for (const [id, reading] of Object.entries(view.readings)) {
      for (const out of document.querySelectorAll('[data-playing="' + CSS.escape(id) + '"]')) out.textContent = reading;
      const select = document.getElementById('pick-' + id);
      if (select && document.activeElement !== select) select.value = reading;
      for (const item of document.querySelectorAll('[data-reading-of="' + CSS.escape(id) + '"]'))
        item.classList.toggle('playing', item.dataset.reading === reading);
    }
  }
  const cell = (text, className) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  };
${JOURNAL_SCRIPT}  async function act(path, method, body, done) {
    try {
      await admin(path, body === undefined ? { method } : {
        method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      say(done);
      await Promise.all([showState(), refresh()]);
    } catch (error) {
      say(error.message, true);
    }
  }
  async function refresh() {
    try {
      showReadings(await admin('readings'));
    } catch (error) {
      say(error.message, true);
    }
  }
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (form.id === 'token-form') {
      event.preventDefault();
      sessionStorage.setItem(TOKEN_KEY, form.elements.token.value);
      form.elements.token.value = '';
      say('Token kept for this tab.');
      refresh();
    } else if (form.id === 'clock-form') {
      event.preventDefault();
      const ms = Number(form.elements.ms.value);
      act('clock/advance', 'POST', { ms }, 'Clock advanced by ' + ms + ' ms.');
    } else if (form.id === 'reset-form') {
      event.preventDefault();
      clearJournal();
      act('reset', 'POST', undefined, 'Mock reset.');
    } else if (form.id === 'report-form') {
      event.preventDefault();
      playReport();
    } else if (form.id === 'target-form') {
      event.preventDefault();
      act('webhooks', 'POST', { url: form.elements.url.value }, 'Target registered.');
    } else if (form.id === 'fault-form') {
      event.preventDefault();
      let rule;
      try {
        rule = JSON.parse(form.elements.rule.value);
      } catch (error) {
        say('The fault rule is not JSON: ' + error.message, true);
        return;
      }
      act('faults', 'POST', rule, 'Fault rule added.');
    } else if (form.dataset.unknown) {
      event.preventDefault();
      const id = form.dataset.unknown;
      const reading = form.elements.reading.value;
      try {
        showReadings(await admin('readings', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ [id]: reading }),
        }));
        say(id + ' now plays ' + reading + '.');
      } catch (error) {
        say(error.message, true);
      }
    }
  });
  refresh();
  startJournal();
  pollState();
})();
`;
