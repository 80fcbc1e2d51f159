/**
 * The Journal panel's part of the console's client script: the entries the journal holds, then new
 * ones as they arrive from `GET /__mock/journal/stream` (EventSource; polling `GET /__mock/journal`
 * every second where the stream cannot be had: an admin token, which EventSource cannot send, or a
 * stream that failed), each added at the top without redrawing the table; the filters; a button per
 * row that shows or hides the request and the response (`GET /__mock/journal/entries/{seq}`). Runs inside
 * console-script.ts's function (its `admin`, `say`, `cell` and TOKEN_KEY).
 */
export const JOURNAL_SCRIPT = `  const rows = document.getElementById('journal-rows');
  const filters = document.getElementById('journal-filters');
  const KEEP = 500;
  const entries = [];
  const details = new Map();
  let since = 0;
  let source = null;
  function shown(entry) {
    const operation = filters.elements.operation.value;
    const klass = filters.elements.status.value;
    return (!operation || entry.operationId === operation) && (!klass || String(entry.status)[0] === klass);
  }
  function rowOf(entry) {
    const tr = document.createElement('tr');
    tr.dataset.seq = entry.seq;
    const readings = Object.entries(entry.readings).map(([id, r]) => id + '=' + r).join(', ');
    const td = document.createElement('td');
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.className = 'disclose';
    toggle.dataset.seq = entry.seq;
    toggle.textContent = 'Bodies';
    toggle.setAttribute('aria-label', 'Bodies of ' + entry.method + ' ' + entry.path + ' (#' + entry.seq + ')');
    toggle.setAttribute('aria-expanded', String(details.has(entry.seq)));
    toggle.setAttribute('aria-controls', 'detail-' + entry.seq);
    td.append(toggle);
    tr.append(td, cell(entry.time), cell(entry.method), cell(entry.path), cell(entry.operationId || ''),
      cell(String(entry.status), 'status-' + String(entry.status)[0]), cell(readings, 'readings'));
    return tr;
  }
  function bodyText(body) {
    const type = body.contentType ? body.contentType + ', ' : '';
    const size = body.bytes === undefined ? 'length unknown' : body.bytes + ' bytes';
    switch (body.kind) {
      case 'none': return '(no body)';
      case 'text': return body.text + (body.truncated ? '\\n… cut: ' + body.length + ' characters in all' : '');
      case 'multipart': return 'form (' + type + size + '):\\n' + body.parts.map((p) =>
        '  ' + p.name + (p.filename ? ' = ' + p.filename : '') + ' (' + (p.contentType || 'no type') + ', ' + p.bytes + ' bytes)').join('\\n');
      case 'binary': return '(' + type + size + ', not shown)';
      default: return '(not kept: ' + type + size + ')';
    }
  }
  function messageOf(title, message) {
    const section = document.createElement('section');
    const h = document.createElement('h3');
    h.textContent = title;
    const headers = document.createElement('pre');
    headers.className = 'headers';
    headers.tabIndex = 0; // a region that may scroll is reachable by keyboard
    headers.setAttribute('aria-label', title + ' headers');
    headers.textContent = Object.entries(message.headers).map(([n, v]) => n + ': ' + v).join('\\n');
    const body = document.createElement('pre');
    body.className = 'body';
    body.tabIndex = 0;
    body.setAttribute('aria-label', title + ' body');
    body.textContent = bodyText(message.body);
    section.append(h, headers, body);
    return section;
  }
  function detailOf(seq, exchange) {
    const tr = document.createElement('tr');
    tr.id = 'detail-' + seq;
    tr.className = 'detail';
    const td = document.createElement('td');
    td.colSpan = 7;
    if (!exchange.kept) td.textContent = 'Bodies are kept for the newest 200 requests only.';
    else td.append(messageOf('Request', exchange.request),
      messageOf('Response ' + exchange.response.status, exchange.response));
    tr.append(td);
    return tr;
  }
  function render() {
    const fragment = document.createDocumentFragment();
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (!shown(entry)) continue;
      fragment.append(rowOf(entry));
      if (details.has(entry.seq)) fragment.append(detailOf(entry.seq, details.get(entry.seq)));
    }
    rows.replaceChildren(fragment);
  }
  function add(fresh) {
    for (const entry of fresh) {
      if (entry.seq <= since) continue;
      since = entry.seq;
      entries.push(entry);
      if (shown(entry)) rows.prepend(rowOf(entry));
    }
    while (entries.length > KEEP) {
      const gone = entries.shift().seq;
      details.delete(gone);
      for (const tr of rows.querySelectorAll('[data-seq="' + gone + '"], #detail-' + gone)) tr.remove();
    }
  }
  function clearJournal() {
    entries.length = 0;
    details.clear();
    rows.replaceChildren();
  }
  async function catchUp() {
    const { entries: fresh } = await admin('journal' + (since ? '?since=' + since : ''));
    add(fresh.slice(-KEEP));
  }
  async function poll() {
    try {
      await catchUp();
    } catch (error) {
      say(error.message, true);
    } finally {
      setTimeout(poll, 1000);
    }
  }
  function live() {
    if (typeof EventSource !== 'function' || sessionStorage.getItem(TOKEN_KEY)) return poll();
    source = new EventSource('__mock/journal/stream?since=' + since);
    source.addEventListener('entry', (event) => add([JSON.parse(event.data)]));
    source.addEventListener('resync', () => catchUp().catch((error) => say(error.message, true)));
    source.addEventListener('reset', clearJournal);
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return; // it reconnects by itself, Last-Event-ID and all
      source = null;
      poll();
    });
  }
  async function startJournal() {
    try {
      await catchUp();
    } catch (error) {
      say(error.message, true);
    }
    live();
  }
  rows.addEventListener('click', async (event) => {
    const toggle = event.target.closest('button.disclose');
    if (!toggle) return;
    const seq = Number(toggle.dataset.seq);
    const open = document.getElementById('detail-' + seq);
    if (open) {
      open.remove();
      details.delete(seq);
      toggle.setAttribute('aria-expanded', 'false');
      return;
    }
    try {
      const exchange = await admin('journal/entries/' + seq);
      details.set(seq, exchange);
      toggle.closest('tr').after(detailOf(seq, exchange));
      toggle.setAttribute('aria-expanded', 'true');
    } catch (error) {
      say(error.message, true);
    }
  });
  filters.addEventListener('change', render);
`;
