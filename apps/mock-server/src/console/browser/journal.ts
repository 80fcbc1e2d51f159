/**
 * The Journal pane, live: the entries the journal holds, then each new one as it arrives from
 * `GET /__mock/journal/stream` (server-sent events, control/journal-stream.ts), added at the top
 * without redrawing the table: through EventSource, or through `fetch` once an admin token is
 * given (EventSource cannot send it); `GET /__mock/journal` every second only where a stream
 * fails. The filters redraw from the entries kept (the newest 500); a row's button shows or hides
 * its bodies.
 */
import { admin, adminFetch, adminToken } from './admin.js';
import { byId, repeat, sayError } from './dom.js';
import { readEvents } from './event-stream.js';
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

/** What the stream says: an entry, that entries were missed (catch up), that the journal was cleared. */
function heard(type: string, data: string): void {
  if (type === 'entry') add([JSON.parse(data)]);
  else if (type === 'resync') catchUp().catch(sayError);
  else if (type === 'reset') clearJournal();
}

/** Polls every second (where no stream can be had); returns the function that stops it. */
const poll = (): (() => void) => repeat(catchUp, 1000);

/** Follows the stream with EventSource, which resumes by itself (Last-Event-ID); polls once it gives up. */
function listen(): () => void {
  const source = new EventSource(`__mock/journal/stream?since=${since}`);
  let stopPolling: (() => void) | undefined;
  for (const type of ['entry', 'resync', 'reset'])
    source.addEventListener(type, (event) => heard(type, (event as MessageEvent<string>).data));
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) stopPolling ??= poll();
  });
  return () => {
    source.close();
    stopPolling?.();
  };
}

/**
 * Follows the stream with `fetch`, which can send the admin token (EventSource cannot): from the
 * newest entry shown, again after each end (a reset ends it); polls once a connection fails.
 */
function follow(): () => void {
  const aborted = new AbortController();
  let stopPolling: (() => void) | undefined;
  const connect = async (): Promise<void> => {
    const res = await adminFetch(`journal/stream?since=${since}`, { signal: aborted.signal });
    if (!res.ok || !res.body) throw new Error(`journal/stream: ${res.status} ${res.statusText}`);
    await readEvents(res.body, ({ type, data }) => heard(type, data));
    if (!aborted.signal.aborted) setTimeout(() => void connect().catch(fail), 250);
  };
  const fail = (error: unknown): void => {
    if (aborted.signal.aborted) return;
    sayError(error);
    stopPolling ??= poll();
  };
  void connect().catch(fail);
  return () => {
    aborted.abort();
    stopPolling?.();
  };
}

/** Ends the way the journal is followed now. */
let unfollow = (): void => {};

/** Follows the journal live: over the stream (with the admin token once given), else by polling. */
export function followJournal(): void {
  unfollow();
  if (adminToken()) unfollow = follow();
  else if (typeof EventSource === 'function') unfollow = listen();
  else unfollow = poll();
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
  followJournal();
}
