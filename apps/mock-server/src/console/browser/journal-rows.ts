/**
 * The rows of the Journal table: one per request (a button that discloses its bodies, its time,
 * its method and path with the operation below, its status and the readings it played, narrow
 * enough for the pane beside the unknowns), and the detail row a button opens
 * (the request's and the response's headers and bodies, as `GET /__mock/journal/entries/{seq}`
 * gives them). Built with `textContent` only.
 */
import { cell } from './dom.js';
import type { ExchangeView, JournalBody, JournalEntry, JournalMessage } from './types.js';

/** The number of columns of the table (the detail row spans them). */
const COLUMNS = 5;

/** The row of `entry`; its button says whether its detail is `open`. */
export function rowOf(entry: JournalEntry, open: boolean): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.seq = String(entry.seq);
  const readings = Object.entries(entry.readings)
    .map(([id, reading]) => `${id}=${reading}`)
    .join(', ');
  const td = document.createElement('td');
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'disclose';
  toggle.dataset.seq = String(entry.seq);
  toggle.textContent = 'Bodies';
  toggle.setAttribute('aria-label', `Bodies of ${entry.method} ${entry.path} (#${entry.seq})`);
  toggle.setAttribute('aria-expanded', String(open));
  toggle.setAttribute('aria-controls', `detail-${entry.seq}`);
  td.append(toggle);
  const time = document.createElement('time');
  time.dateTime = entry.time;
  time.title = entry.time;
  time.textContent = entry.time.slice(11, 19); // hh:mm:ss (UTC), the whole time in its title
  const when = cell('');
  when.append(time);
  const request = cell(`${entry.method} ${entry.path}`, 'request');
  if (entry.operationId) {
    const operation = document.createElement('span');
    operation.className = 'operation';
    operation.textContent = entry.operationId;
    request.append(operation);
  }
  const status = String(entry.status);
  tr.append(td, when, request, cell(status, `status-${status[0]}`), cell(readings, 'readings'));
  return tr;
}

/** A body as text: JSON and plain text as they were (cut where the journal cut them), anything else described. */
function bodyText(body: JournalBody): string {
  const type = body.kind !== 'none' && body.contentType ? `${body.contentType}, ` : '';
  const size = 'bytes' in body && body.bytes !== undefined ? `${body.bytes} bytes` : 'length unknown';
  switch (body.kind) {
    case 'none':
      return '(no body)';
    case 'text':
      return body.text + (body.truncated ? `\n… cut: ${body.length} characters in all` : '');
    case 'multipart':
      return `form (${type}${size}):\n${body.parts
        .map(
          (part) =>
            `  ${part.name}${part.filename ? ` = ${part.filename}` : ''} (${part.contentType || 'no type'}, ${part.bytes} bytes)`,
        )
        .join('\n')}`;
    case 'binary':
      return `(${type}${size}, not shown)`;
    default:
      return `(not kept: ${type}${size})`;
  }
}

/** A `<pre>` that may scroll, reachable by keyboard, named for screen readers. */
function pre(className: string, label: string, text: string): HTMLPreElement {
  const element = document.createElement('pre');
  element.className = className;
  element.tabIndex = 0; // a region that may scroll is reachable by keyboard
  element.setAttribute('aria-label', label);
  element.textContent = text;
  return element;
}

/** A request or response: its title, its headers, its body. */
function messageOf(title: string, message: JournalMessage): HTMLElement {
  const section = document.createElement('section');
  const heading = document.createElement('h3');
  heading.textContent = title;
  const headers = Object.entries(message.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  section.append(
    heading,
    pre('headers', `${title} headers`, headers),
    pre('body', `${title} body`, bodyText(message.body)),
  );
  return section;
}

/** The detail row of entry `seq`: its request and response, or why they are no longer kept. */
export function detailOf(seq: number, exchange: ExchangeView): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.id = `detail-${seq}`;
  tr.className = 'detail';
  const td = document.createElement('td');
  td.colSpan = COLUMNS;
  const { request, response } = exchange;
  if (!exchange.kept || !request || !response)
    td.textContent = 'Bodies are kept for the newest 200 requests only.';
  else td.append(messageOf('Request', request), messageOf(`Response ${response.status}`, response));
  tr.append(td);
  return tr;
}
