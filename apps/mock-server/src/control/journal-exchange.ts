/**
 * One journal entry with its request and response as `GET /__mock/journal/entries/{seq}` shows them:
 * headers with Authorization cut to its scheme; a text body (JSON, text) up to BODY_TEXT_CAP
 * characters with the length of the whole; a form as its parts (never the file's bytes); video
 * and HLS answers as their type and length. Built only when asked, from what the journal kept.
 */

import type { Journal } from '../state/journal.js';
import {
  BODY_TEXT_CAP,
  type KeptAnswer,
  type KeptRequest,
  prefixOf,
  type Tapped,
  tappedBody,
} from '../state/journal-bodies.js';
import type { JournalBody, JournalExchange, JournalMessage } from '../state/types.js';

/** Media types shown as text; anything else (video, MPEG-TS, HLS playlists) is summarised. */
const TEXT_TYPE = /^(text\/[\w.+-]+|application\/([\w.+-]+\+)?json)\s*(;|$)/i;

const utf8 = new TextEncoder();

/** The headers as an object, Authorization cut to its scheme (`Bearer [redacted]`). */
function redactedHeaders(headers: Headers | Readonly<Record<string, string>>): Record<string, string> {
  const shown: Record<string, string> = {};
  const show = (value: string, name: string) => {
    if (name !== 'authorization') shown[name] = value;
    else
      shown[name] = /^[!#$%&'*+.^_`|~\w-]+ /.test(value) ? `${value.split(' ')[0]} [redacted]` : '[redacted]';
  };
  if (headers instanceof Headers) headers.forEach(show);
  else for (const name in headers) show(headers[name] as string, name.toLowerCase());
  return shown;
}

/** A text as the journal shows it: cut at BODY_TEXT_CAP, its whole length stated. */
function textBody(text: string, contentType: string | undefined, length = text.length): JournalBody {
  const shown = prefixOf(text, BODY_TEXT_CAP);
  return {
    kind: 'text',
    ...(contentType && { contentType }),
    text: shown,
    length,
    truncated: shown.length < length,
  };
}

function declaredBytes(headers: Headers): { bytes?: number } {
  const length = Number(headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? { bytes: length } : {};
}

function fromTap(tapped: Tapped, headers: Headers): JournalBody {
  return fromTapTyped(tapped, headers.get('content-type') ?? undefined, headers);
}

/** A tapped body as shown, its media type given; `headers` only for a form's declared length. */
function fromTapTyped(tapped: Tapped, contentType: string | undefined, headers?: Headers): JournalBody {
  const typed = contentType === undefined ? {} : { contentType };
  if (typeof tapped === 'string') {
    return TEXT_TYPE.test(contentType ?? 'text/plain')
      ? textBody(tapped, contentType)
      : { kind: 'binary', ...typed, bytes: utf8.encode(tapped).byteLength };
  }
  if ('kind' in tapped)
    return { kind: 'multipart', ...typed, ...(headers && declaredBytes(headers)), parts: tapped.parts };
  return textBody(tapped.text, contentType, tapped.length);
}

/** A kept request's headers and tapped body, whether the Request or what was kept of it. */
function requestView(request: Request | KeptRequest): { headers: Headers; tapped: Tapped | undefined } {
  if (!('rawHeaders' in request)) return { headers: request.headers, tapped: tappedBody(request) };
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // a field Node took and a WHATWG Headers does not: not shown
    }
  }
  return { headers, tapped: request.body };
}

function requestBody({ headers, tapped }: { headers: Headers; tapped: Tapped | undefined }): JournalBody {
  if (tapped !== undefined) return fromTap(tapped, headers);
  const sent = headers.has('transfer-encoding') || Number(headers.get('content-length') ?? 0) > 0;
  if (!sent) return { kind: 'none' };
  // A body the mock did not read (refused first: a wrong media type, a missing token).
  const contentType = headers.get('content-type') ?? undefined;
  return { kind: 'unknown', ...(contentType && { contentType }), ...declaredBytes(headers) };
}

async function responseBody(response: Response, method: string): Promise<JournalBody> {
  const { headers, status } = response;
  if (method === 'HEAD' || status === 204 || status === 304) return { kind: 'none' };
  const tapped = tappedBody(response);
  if (tapped !== undefined) return fromTap(tapped, headers);
  const contentType = headers.get('content-type') ?? undefined;
  const typed = contentType === undefined ? {} : { contentType };
  try {
    // A body still there to read (under Node, @hono/node-server's response keeps what it was given).
    if (TEXT_TYPE.test(contentType ?? '')) return textBody(await response.clone().text(), contentType);
    const declared = declaredBytes(headers);
    if (declared.bytes !== undefined) return { kind: 'binary', ...typed, ...declared };
    return { kind: 'binary', ...typed, bytes: (await response.clone().arrayBuffer()).byteLength };
  } catch {
    return { kind: 'unknown', ...typed, ...declaredBytes(headers) }; // streamed, and gone
  }
}

/** An answer kept as what its Response was made from (KeptAnswer), as the journal shows it. */
function answerAsShown(answer: KeptAnswer, method: string): JournalMessage & { status: number } {
  const { status, headers, body } = answer;
  const none = method === 'HEAD' || status === 204 || status === 304;
  return {
    status,
    headers: redactedHeaders(headers),
    body: none ? { kind: 'none' } : fromTapTyped(body, headers['content-type']),
  };
}

/**
 * The entry numbered `seq` with its request and response while the journal keeps them; undefined
 * when the journal no longer holds the entry at all.
 *
 * @example
 * const exchange = await journalExchange(journal, 42);
 * exchange?.response?.body; // { kind: 'text', text: '{"videoKey":…}', length: 311, truncated: false }
 */
export async function journalExchange(journal: Journal, seq: number): Promise<JournalExchange | undefined> {
  const entry = journal.entry(seq);
  if (entry === undefined) return undefined;
  const kept = journal.bodies.get(seq);
  if (kept === undefined) return { entry, kept: false };
  const view = requestView(kept.request);
  const request: JournalMessage = { headers: redactedHeaders(view.headers), body: requestBody(view) };
  const response =
    kept.response instanceof Response
      ? {
          status: kept.response.status,
          headers: redactedHeaders(kept.response.headers),
          body: await responseBody(kept.response, entry.method),
        }
      : answerAsShown(kept.response, entry.method);
  return { entry, kept: true, request, response };
}
