/**
 * The Journal pane, live: the entries the journal holds, then each new one as it arrives from
 * `GET /__mock/journal/stream` (server-sent events, control/journal-stream.ts), added at the top
 * without redrawing the table; where the stream cannot be had (an admin token, which EventSource
 * cannot send, or a stream that failed) `GET /__mock/journal` every second instead. The filters
 * redraw from the entries kept (the newest 500); a row's button shows or hides its bodies.
 */
import { admin, adminToken } from './admin.js';
import { byId, repeat, sayError } from './dom.js';
import { detailOf, rowOf } from './journal-rows.js';
import type { ExchangeView, JournalEntry, JournalView } from './types.js';

/** The newest entries kept in the page. */
const KEEP = 500;

const entries: JournalEntry[] = [];
const details = new Map<number, ExchangeView>();
let since = 0;

const rows = () => byId<HTMLTableSectionElement>('journal-rows');
const filters = () => byId<HTMLFormElement>('journal-filters');

/** Whether the filters let `entry` through. */
function shown(entry: JournalEntry): boolean {
  const form = filters();
  const operation = (form.elements.namedItem('operation') as HTMLSelectElement).value;
  const statusClass = (form.elements.namedItem('status') as HTMLSelectElement).value;
  return (
    (!operation || entry.operationId === operation) &&
    (!statusClass || String(entry.status)[0] === statusClass)
  );
}

/** Redraws the table from the entries kept (after a change of filter). */
function render(): void {
  const fragment = document.createDocumentFragment();
  for (const entry of [...entries].reverse()) {
    if (!shown(entry)) continue;
    const detail = details.get(entry.seq);
    fragment.append(rowOf(entry, detail !== undefined));
    if (detail) fragment.append(detailOf(entry.seq, detail));
  }
  rows().replaceChildren(fragment);
}

/** Adds the entries not shown yet at the top; forgets the oldest beyond KEEP. */
function add(fresh: readonly JournalEntry[]): void {
  const table = rows();
  for (const entry of fresh) {
    if (entry.seq <= since) continue;
    since = entry.seq;
    entries.push(entry);
    if (shown(entry)) table.prepend(rowOf(entry, false));
  }
  while (entries.length > KEEP) {
    const gone = entries.shift()?.seq;
    if (gone === undefined) break;
    details.delete(gone);
    for (const tr of table.querySelectorAll(`[data-seq="${gone}"], #detail-${gone}`)) tr.remove();
  }
}

/** Empties the pane (the mock was reset). */
export function clearJournal(): void {
  entries.length = 0;
  details.clear();
  rows().replaceChildren();
}

/** Fetches the entries after the newest shown. */
async function catchUp(): Promise<void> {
  const { entries: fresh } = await admin<JournalView>(`journal${since ? `?since=${since}` : ''}`);
  add(fresh.slice(-KEEP));
}

/** Follows the stream; falls back to polling where it cannot. */
function live(): void {
  if (typeof EventSource !== 'function' || adminToken()) {
    void repeat(catchUp, 1000);
    return;
  }
  const source = new EventSource(`__mock/journal/stream?since=${since}`);
  source.addEventListener('entry', (event) => add([JSON.parse((event as MessageEvent<string>).data)]));
  source.addEventListener('resync', () => catchUp().catch(sayError));
  source.addEventListener('reset', clearJournal);
  source.addEventListener('error', () => {
    if (source.readyState !== EventSource.CLOSED) return; // it reconnects by itself, Last-Event-ID and all
    void repeat(catchUp, 1000);
  });
}

/** Shows or hides the bodies of the row whose button is `toggle`. */
async function disclose(toggle: HTMLButtonElement): Promise<void> {
  const seq = Number(toggle.dataset.seq);
  const open = document.getElementById(`detail-${seq}`);
  if (open) {
    open.remove();
    details.delete(seq);
    toggle.setAttribute('aria-expanded', 'false');
    return;
  }
  try {
    const exchange = await admin<ExchangeView>(`journal/entries/${seq}`);
    details.set(seq, exchange);
    toggle.closest('tr')?.after(detailOf(seq, exchange));
    toggle.setAttribute('aria-expanded', 'true');
  } catch (error) {
    sayError(error);
  }
}

/** Shows the journal and keeps it live; wires the filters and the rows' buttons. */
export async function startJournal(): Promise<void> {
  rows().addEventListener('click', (event) => {
    const toggle = (event.target as Element | null)?.closest<HTMLButtonElement>('button.disclose');
    if (toggle) void disclose(toggle);
  });
  filters().addEventListener('change', render);
  try {
    await catchUp();
  } catch (error) {
    sayError(error);
  }
  live();
}
