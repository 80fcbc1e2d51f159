/**
 * The console script's ways into the page: an element by its id (typed, and a clear error when the
 * page has none), the status line, and the table cells and buttons the panels are drawn with.
 * Every text goes into the page through `textContent`, never as HTML.
 */

/** The element with `id`, of the given type; throws when the page has none (a page and script out of step). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the console page has no #${id}`);
  return element as T;
}

/** Shows `text` in the status line, marked bad when it reports a failure. */
export function say(text: string, bad = false): void {
  const status = byId('status');
  status.textContent = text;
  status.className = bad ? 'bad' : '';
}

/** Shows what went wrong in the status line. */
export function sayError(error: unknown): void {
  say(error instanceof Error ? error.message : String(error), true);
}

/** A table cell holding `text`. */
export function cell(text: string, className?: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

/** A table cell holding a button labelled `label` that calls `onClick`. */
export function buttonCell(label: string, onClick: () => void): HTMLTableCellElement {
  const td = document.createElement('td');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.addEventListener('click', onClick);
  td.append(button);
  return td;
}

/**
 * Runs `step` now and again `ms` after each run ends, a failure said in the status line; returns
 * the function that stops it.
 */
export function repeat(step: () => Promise<void>, ms: number): () => void {
  let running = true;
  const run = async (): Promise<void> => {
    try {
      await step();
    } catch (error) {
      sayError(error);
    } finally {
      if (running) setTimeout(run, ms);
    }
  };
  void run();
  return () => {
    running = false;
  };
}
