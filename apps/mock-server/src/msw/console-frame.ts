/**
 * The pieces of `openConsole` (console.ts) that work on a frame: a page of the mock made a
 * `srcdoc` with a `<base href>` at its address, so its relative scripts, styles and calls go to the
 * handlers' base URL, which msw's worker answers (Chromium lets the worker control a srcdoc frame of
 * a page it controls); and the links of that frame, which would navigate (a navigation msw's worker
 * never answers), fetched through the page instead.
 */

/** The text as an HTML attribute value or text: `&`, `<`, `>`, `"` escaped. */
const escaped = (text: string): string =>
  text.replace(/[&<>"]/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`);

/**
 * `html` with a `<base href>` at `address` as the first element of its head, so that relative
 * URLs resolve against the page's address, not the frame's `about:srcdoc`.
 *
 * @example
 * withBase('<html><head><title>x</title>', 'https://api.example.test/video/');
 * // '<html><head><base href="https://api.example.test/video/"><title>x</title>'
 */
export function withBase(html: string, address: string): string {
  const base = `<base href="${escaped(address)}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${base}${html}`;
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${base}${html.slice(end)}`;
}

/** A page that shows a text answer (JSON, plain text) of the mock in the frame, at `address`. */
export function textPage(address: string, text: string): string {
  const pretty = (() => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  })();
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escaped(address)}</title></head><body><p><a href="./">Console</a> · <code>${escaped(address)}</code></p><pre>${escaped(pretty)}</pre></body></html>`;
}

/** Sets the frame's `srcdoc`; resolves once the frame has loaded it. */
export function loadInto(frame: HTMLIFrameElement, html: string): Promise<void> {
  return new Promise((resolve) => {
    frame.addEventListener('load', () => resolve(), { once: true });
    frame.srcdoc = html;
  });
}

/** What a click on a link of the frame asks for. */
export type LinkAction =
  | { kind: 'leave' }
  | { kind: 'fragment'; hash: string }
  | { kind: 'show'; url: string };

/**
 * What to do with a click on a link to `href` in the frame showing `shown`: links outside `base`
 * are left to the browser; a link to the shown page with a fragment scrolls there; a link to
 * another page under `base` is shown in the frame.
 */
export function linkAction(href: string, shown: string, base: string): LinkAction {
  const url = new URL(href);
  const under = `${url.origin}${url.pathname}` === base || url.href.startsWith(`${base}/`);
  if (!under) return { kind: 'leave' };
  const page = new URL(url);
  page.hash = '';
  if (page.href === shown) return { kind: 'fragment', hash: url.hash };
  return { kind: 'show', url: url.href };
}

/** The `<a href>` a click landed in, if any, from an element of any window (no `instanceof`). */
function linkOf(target: EventTarget | null): HTMLAnchorElement | undefined {
  const element = target as Partial<Element> | null;
  const link = element?.closest?.('a[href]') as HTMLAnchorElement | null | undefined;
  return link ?? undefined;
}

/** Calls `act` for each plain click (or Enter) on a link of the frame's document. */
export function onLinks(frame: HTMLIFrameElement, act: (href: string, event: MouseEvent) => void): void {
  frame.contentDocument?.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = linkOf(event.target);
    if (link?.target !== '' || link.hasAttribute('download')) return;
    act(link.href, event);
  });
}
