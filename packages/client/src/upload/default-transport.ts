/**
 * The upload transport the client picks when none is given: a real browser's XMLHttpRequest, else
 * streamed fetch. Why: the README's "Upload transports" section, the one place that says it.
 */
import { fetchTransport, type UploadTransport, xhrTransport } from './transport.js';

/** The globals the choice reads (a parameter, so that it can be tested without changing them). */
export interface TransportGlobals {
  XMLHttpRequest?: unknown;
  process?: { versions?: { node?: unknown; electron?: unknown } } | undefined;
  navigator?: { userAgent?: unknown } | undefined;
}

/**
 * Whether XMLHttpRequest here is a DOM emulation on a server runtime rather than a browser's: jsdom
 * or happy-dom (told by their user agents, or by Node's `process.versions.node` beside a window).
 * Electron's renderer has both, and a real Chromium XMLHttpRequest: not an emulation.
 */
export function emulatedDom(globals: TransportGlobals): boolean {
  const agent = globals.navigator?.userAgent;
  if (typeof agent === 'string' && /\b(?:jsdom|HappyDOM)\//.test(agent)) return true;
  const versions = globals.process?.versions;
  return typeof versions?.node === 'string' && versions.electron === undefined;
}

/**
 * XMLHttpRequest where it is a real browser's (it reports upload progress as the browser sends);
 * fetch with a streamed body everywhere else, including under jsdom, whose XMLHttpRequest loses a
 * Blob body under msw. See the README's "Upload transports".
 */
export function defaultTransport(
  fetchImpl: (request: Request) => Promise<Response>,
  globals: TransportGlobals = globalThis as TransportGlobals,
): UploadTransport {
  const realXhr = typeof globals.XMLHttpRequest === 'function' && !emulatedDom(globals);
  return realXhr ? xhrTransport : fetchTransport(fetchImpl);
}
