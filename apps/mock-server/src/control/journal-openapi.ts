/**
 * The journal's routes in the admin API's OpenAPI document (./openapi.ts): the entries, the live
 * stream and one entry with its request and response, with the JSON Schema of what they answer.
 */
import { BODIES_KEPT, BODY_TEXT_CAP } from '../state/journal-bodies.js';
import { JOURNAL_FILTERS } from './schemas.js';

const ENTRY = {
  type: 'object',
  required: ['seq', 'time', 'virtualTime', 'method', 'path', 'status', 'readings', 'durationMs'],
  properties: {
    seq: {
      type: 'integer',
      minimum: 1,
      description: 'Its number: consecutive, never reused, not even by reset',
    },
    time: { type: 'string', format: 'date-time' },
    virtualTime: { type: 'string', format: 'date-time' },
    method: { type: 'string' },
    path: { type: 'string' },
    operationId: {
      type: 'string',
      description: 'The operation of the spec or of playback the path is; absent for none',
    },
    status: { type: 'integer' },
    readings: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The readings it played',
    },
    durationMs: { type: 'number' },
  },
};

const typed = { contentType: { type: 'string' } };
const bytes = { bytes: { type: 'integer', minimum: 0, description: 'Its length in bytes, where known' } };
const BODY = {
  oneOf: [
    { type: 'object', required: ['kind'], properties: { kind: { const: 'none' } } },
    {
      type: 'object',
      required: ['kind', 'text', 'length', 'truncated'],
      properties: {
        kind: { const: 'text' },
        ...typed,
        text: { type: 'string', description: `The text, or its first ${BODY_TEXT_CAP} characters` },
        length: {
          type: 'integer',
          description: 'The length of the whole text in characters (UTF-16 code units)',
        },
        truncated: { type: 'boolean' },
      },
    },
    {
      type: 'object',
      required: ['kind', 'parts'],
      description: 'A form: its file part (name, filename, type, size), never its bytes',
      properties: {
        kind: { const: 'multipart' },
        ...typed,
        ...bytes,
        parts: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'bytes'],
            properties: { name: { type: 'string' }, filename: { type: 'string' }, ...typed, ...bytes },
          },
        },
      },
    },
    {
      type: 'object',
      required: ['kind'],
      description:
        'binary: video, MPEG-TS, HLS playlists, as type and length; unknown: a body not read or gone',
      properties: { kind: { enum: ['binary', 'unknown'] }, ...typed, ...bytes },
    },
  ],
};
const HEADERS = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Its headers; Authorization cut to its scheme (`Bearer [redacted]`)',
};
const message = (extra: object = {}) => ({
  type: 'object',
  required: ['headers', 'body', ...Object.keys(extra)],
  properties: { ...extra, headers: HEADERS, body: BODY },
});

/** What `GET /__mock/journal/entries/{seq}` answers. */
const JOURNAL_EXCHANGE = {
  type: 'object',
  required: ['entry', 'kept'],
  properties: {
    entry: ENTRY,
    kept: {
      type: 'boolean',
      description: `Whether request and response are kept (the newest ${BODIES_KEPT} are)`,
    },
    request: message(),
    response: message({ status: { type: 'integer' } }),
  },
};

/** The journal's admin routes (AdminRoute entries: openapi.ts checks their type where it lists them). */
export const JOURNAL_ROUTES = [
  {
    method: 'get',
    path: '/journal',
    operationId: 'journal',
    summary: 'Received requests, oldest first (admin requests are not journalled)',
    ok: 'The entries',
    query: JOURNAL_FILTERS,
    schema: {
      type: 'object',
      required: ['entries'],
      properties: { entries: { type: 'array', items: ENTRY } },
    },
  },
  {
    method: 'get',
    path: '/journal/stream',
    operationId: 'journalStream',
    summary:
      'The journal live, as Server-Sent Events: the entries after ?since (a sequence number; default: the newest), or after the Last-Event-ID header, which EventSource sends when it reconnects',
    ok: 'An event stream: `entry` (id: its seq; data: the entry, as GET /__mock/journal gives it), `resync` (entries after the last id are no longer kept, or the id is not of this journal: read GET /__mock/journal again; data: {lastSeq}), `reset` (the mock was reset: the stream ends, EventSource reconnects); a comment every 15 s. It ends when the mock stops.',
    query: ['since'],
    mediaType: 'text/event-stream',
  },
  {
    method: 'get',
    path: '/journal/entries/{seq}',
    operationId: 'journalEntry',
    summary: `One entry with its request and response, for the newest ${BODIES_KEPT} requests: text bodies (JSON, text) up to ${BODY_TEXT_CAP} characters with the length of the whole, an upload as its file part, video and HLS as type and length`,
    ok: 'The entry, and its request and response while kept',
    schema: JOURNAL_EXCHANGE,
  },
] as const;
