/**
 * The Unknowns table's live part: the reading each unknown plays (`GET /__mock/readings`) shown in
 * its row (the playing reading named and marked in its list, the row's select set to it unless a
 * person is using it), and a row's switch sent as `PATCH /__mock/readings`.
 */
import { admin } from './admin.js';
import { say, sayError } from './dom.js';
import type { ReadingsView } from './types.js';

/** Shows the readings of `view` in the table. */
function showReadings(view: ReadingsView): void {
  for (const [id, reading] of Object.entries(view.readings)) {
    const name = CSS.escape(id);
    for (const out of document.querySelectorAll(`[data-playing="${name}"]`)) out.textContent = reading;
    const select = document.getElementById(`pick-${id}`);
    if (select instanceof HTMLSelectElement && document.activeElement !== select) select.value = reading;
    for (const item of document.querySelectorAll<HTMLElement>(`[data-reading-of="${name}"]`))
      item.classList.toggle('playing', item.dataset.reading === reading);
  }
}

/** Reads the readings playing now and shows them; a refusal (no token yet) goes to the status line. */
export async function refreshReadings(): Promise<void> {
  try {
    showReadings(await admin<ReadingsView>('readings'));
  } catch (error) {
    sayError(error);
  }
}

/** Switches unknown `id` to `reading` server-wide and shows the answer. */
export async function switchReading(id: string, reading: string): Promise<void> {
  try {
    showReadings(
      await admin<ReadingsView>('readings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ [id]: reading }),
      }),
    );
    say(`${id} now plays ${reading}.`);
  } catch (error) {
    sayError(error);
  }
}
