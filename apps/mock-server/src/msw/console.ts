/**
 * The console of a mock served by the msw handlers, shown in the page that runs them. msw's
 * service worker never answers a navigation, so the console cannot be opened by its URL there;
 * `openConsole` fetches it through the page (the worker answers) and shows it in an iframe whose
 * `srcdoc` has a `<base href>` at the handlers' base URL: Chromium lets the worker control that
 * frame, so the console's own script, style and admin calls reach the mock through msw. Links of
 * the frame to pages of the mock (the API reference, openapi.json) are fetched the same way.
 */
import { type LinkAction, linkAction, loadInto, onLinks, textPage, withBase } from './console-frame.js';

/** Options of `openConsole`. */
export interface OpenConsoleOptions {
  /** The handlers' base URL: `videoApiHandlers(…).baseUrl` (or pass that whole result). */
  baseUrl: string;
  /** Where the frame is appended (default: `document.body`). */
  container?: ParentNode;
  /** The frame's accessible name (default: `Video API mock console`). */
  title?: string;
}

/** The console shown in a frame of the page. */
export interface MockConsole {
  /** The frame; style it as the page needs (it fills the container's width, 80vh high). */
  frame: HTMLIFrameElement;
  /** Shows another page of the mock in the frame: a path below the base URL (`docs#op-getVideo`). */
  show(path: string): Promise<void>;
  /** Removes the frame. */
  close(): void;
}

/**
 * Fetches `address` through the page (so msw's worker answers it, redirects too) as the frame's
 * document, with the address it came from in the end (`docs/reference` moved to `docs`).
 */
async function documentAt(address: string): Promise<{ html: string; at: string }> {
  const needs =
    "the console needs msw's worker started with the videoApiHandlers of this base URL, and the admin API on: admin: false serves no console";
  const response = await fetch(address, { headers: { accept: 'text/html' } }).catch((error: unknown) => {
    throw new Error(
      `openConsole: GET ${address} failed (${String(error)}): no handler answered it (${needs})`,
    );
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const at = response.url || address;
  if (type.includes('text/html')) return { html: withBase(text, at), at };
  if (response.ok) return { html: textPage(at, text), at };
  throw new Error(
    `openConsole: GET ${address} answered ${response.status} ${type || 'without a content type'}, not a page of the mock (${needs})`,
  );
}

/**
 * Shows the console of the mock under `baseUrl` in an iframe of the page, once msw's worker
 * serves the handlers (`await worker.start()`). Rejects when the base URL does not answer with
 * the console, or when the browser does not let the worker control the frame (its calls would
 * reach the network), saying which.
 *
 * @example
 * const served = videoApiHandlers({ baseUrl: 'https://api.example.test/video' });
 * await setupWorker(...served.handlers).start();
 * const shown = await openConsole(served); // shown.frame is in document.body
 */
export async function openConsole(options: OpenConsoleOptions): Promise<MockConsole> {
  if (typeof options?.baseUrl !== 'string') {
    throw new TypeError(
      `openConsole: baseUrl ${JSON.stringify(options?.baseUrl)} is not accepted (the base URL of the handlers, e.g. videoApiHandlers(…).baseUrl)`,
    );
  }
  const base = new URL(options.baseUrl, globalThis.location?.href).href.replace(/\/+$/, '');
  const frame = document.createElement('iframe');
  frame.title = options.title ?? 'Video API mock console';
  frame.style.cssText = 'width:100%;height:80vh;border:1px solid #ccc';
  (options.container ?? document.body).append(frame);
  let shown = '';
  const follow = (action: LinkAction, event?: Event): Promise<void> | undefined => {
    if (action.kind === 'leave') return undefined;
    event?.preventDefault();
    if (action.kind === 'show') return show(action.url);
    if (frame.contentWindow) frame.contentWindow.location.hash = action.hash;
    return undefined;
  };
  async function show(path: string): Promise<void> {
    const target = new URL(path, `${base}/`);
    const page = new URL(target);
    page.hash = '';
    if (page.href === base) page.pathname += '/'; // the console's relative paths need the slash
    const { html, at } = await documentAt(page.href);
    await loadInto(frame, html);
    shown = at;
    onLinks(frame, (href, event) => void follow(linkAction(href, shown, base), event));
    if (target.hash) void follow({ kind: 'fragment', hash: target.hash });
  }
  try {
    await show(`${base}/`);
    if (!frame.contentWindow?.navigator.serviceWorker?.controller) {
      throw new Error(
        `openConsole: no service worker controls the console's frame, so its calls to ${base} would reach the network (start msw's worker before opening it; a browser that does not let the worker control a srcdoc frame cannot show it: Chromium does)`,
      );
    }
  } catch (error) {
    frame.remove();
    throw error;
  }
  return { frame, show, close: () => frame.remove() };
}
