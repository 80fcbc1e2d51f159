/**
 * The bodies of the newest journal entries, kept by reference: the code that already holds a
 * body's text (the JSON reader, the response builder, the upload receiver) taps it onto its
 * Request or Response (a symbol-keyed property). For the newest BODIES_KEPT requests the journal
 * keeps the request (under Node, its header lines and body text) and what the answer was made from
 * (or the Response, where nothing was tapped). Nothing is copied or serialised on the request path;
 * only a request text longer than BODY_TEXT_CAP is cut (so a ring of 1 MiB bodies does not hold
 * 200 MiB).
 */
import type { UploadSummary } from './types.js';

/** Requests whose bodies are kept (the newest). */
export const BODIES_KEPT = 200;

/** Characters of a body text shown (and kept, for requests); a longer one is cut, its length stated. */
export const BODY_TEXT_CAP = 64 * 1024;

/** A text cut to its first BODY_TEXT_CAP characters, with the length of the whole. */
interface CutText {
  text: string;
  length: number;
}

/** What was tapped onto a request or a response. */
export type Tapped = string | CutText | UploadSummary;

/**
 * A value kept on an object under a symbol of its own (a symbol-keyed property, in no one's way: a
 * WeakMap cost ~0.4 µs a request in its set and the collector's ephemeron work).
 */
function symbolTap<T>(description: string) {
  const key = Symbol(description);
  return {
    set: (target: object, value: T): void => {
      (target as Record<symbol, T>)[key] = value;
    },
    get: (target: object): T | undefined => (target as Record<symbol, T | undefined>)[key],
  };
}

const bodies = symbolTap<Tapped>('video-api-mock.journal-body');

/**
 * Remembers the body text `body` of `message` (a Request or a Response), by reference, for the
 * journal; it lives as long as the message does.
 *
 * @example
 * tapBody(c.req.raw, text); // the JSON text the reader parsed
 */
export const tapBody: (message: object, body: Tapped) => void = bodies.set;

/** What was tapped onto `message`, if anything. */
export const tappedBody: (message: object) => Tapped | undefined = bodies.get;

/**
 * An answer as the journal shows it, kept instead of its Response: the status, the header object
 * the Response was made from, and the body's text. A kept Response keeps more alive than it shows:
 * with it, some processes promoted every answer's objects (about 2 500 instead of 600 bytes per
 * GET; bench/results/2026-11-26-scale-2.md).
 */
export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Tapped;
}

const answers = symbolTap<KeptAnswer>('video-api-mock.journal-answer');

/**
 * Remembers what `response` was made from, for the journal to keep in its place.
 *
 * @example
 * tapAnswer(response, { status: 200, headers, body: text });
 */
export const tapAnswer: (response: object, answer: KeptAnswer) => void = answers.set;

/** What was tapped onto `response` with tapAnswer, if anything. */
export const tappedAnswer: (response: object) => KeptAnswer | undefined = answers.get;

/**
 * A request served by Node as the journal keeps it: the header lines Node parsed and the body's
 * text, not the Request (which holds Node's message, and through it the socket, alive).
 */
export interface KeptRequest {
  rawHeaders: readonly string[];
  body: Tapped | undefined;
}

/**
 * The first `cap` characters of `text`, not ending inside a surrogate pair, as a string of its own
 * (a plain slice would keep the whole text alive).
 */
export function prefixOf(text: string, cap: number): string {
  if (text.length <= cap) return text;
  const code = text.charCodeAt(cap - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? cap - 1 : cap;
  return text.slice(0, end).split('').join('');
}

/**
 * A ring of the newest BODIES_KEPT requests and responses (or what a response was made from, where
 * that was tapped: KeptAnswer), by the journal's sequence number.
 *
 * @example
 * bodies.keep(seq, c.req.raw, tappedAnswer(response) ?? response);
 * bodies.get(seq); // { request, response } while seq is among the newest
 */
export class JournalBodies {
  readonly #seq = new Float64Array(BODIES_KEPT);
  readonly #request: (Request | KeptRequest | undefined)[] = new Array(BODIES_KEPT).fill(undefined);
  readonly #response: (Response | KeptAnswer | undefined)[] = new Array(BODIES_KEPT).fill(undefined);

  keep(seq: number, request: Request | KeptRequest, response: Response | KeptAnswer): void {
    const slot = seq % BODIES_KEPT;
    this.#seq[slot] = seq;
    this.#request[slot] = request;
    this.#response[slot] = response;
    const kept = 'rawHeaders' in request;
    const text = kept ? request.body : tappedBody(request);
    if (typeof text !== 'string' || text.length <= BODY_TEXT_CAP) return;
    const cut = { text: prefixOf(text, BODY_TEXT_CAP), length: text.length };
    if (kept) request.body = cut;
    else tapBody(request, cut);
  }

  get(seq: number): { request: Request | KeptRequest; response: Response | KeptAnswer } | undefined {
    const slot = seq % BODIES_KEPT;
    const request = this.#request[slot];
    const response = this.#response[slot];
    if (this.#seq[slot] !== seq || request === undefined || response === undefined) return undefined;
    return { request, response };
  }

  clear(): void {
    this.#seq.fill(0);
    this.#request.fill(undefined);
    this.#response.fill(undefined);
  }
}
