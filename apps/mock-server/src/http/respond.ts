/**
 * Responses of the spec routes and errors, built with plain header objects that already name the
 * readings played (`X-Mock-Readings`). Adding a header to a finished response makes
 * @hono/node-server build a WHATWG Headers and convert it back, on every request.
 */
import { READINGS_RESPONSE_HEADER } from '../readings/choice.js';
import type { RequestReadings } from '../readings/request-readings.js';
import { tapAnswer } from '../state/journal-bodies.js';

/**
 * A response whose headers carry `X-Mock-Readings` (sealed: see RequestReadings.seal).
 *
 * @example
 * return respond(JSON.stringify(video), 200, readings, 'application/json');
 */
export function respond(
  body: string | null,
  status: number,
  readings: RequestReadings,
  contentType?: string,
  extra?: Record<string, string>,
): Response {
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (extra !== undefined) for (const name in extra) headers[name.toLowerCase()] = extra[name] as string;
  const played = readings.seal();
  if (played !== '') headers[READINGS_RESPONSE_HEADER] = played;
  return shownResponse(body, status, headers);
}

/**
 * A response made from `headers` as they are, its answer tapped for the journal, which shows it on
 * demand and keeps these three rather than the Response (state/journal-bodies.ts).
 *
 * @example
 * return shownResponse(text, 400, { 'content-type': 'application/problem+json' });
 */
export function shownResponse(
  body: string | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, { status, headers });
  if (body !== null) tapAnswer(response, { status, headers, body });
  return response;
}

/**
 * A JSON response with `X-Mock-Readings`.
 *
 * @example
 * return json(problem, 400, readings);
 */
export function json(body: unknown, status: number, readings: RequestReadings): Response {
  return respond(JSON.stringify(body), status, readings, 'application/json');
}

/**
 * A response of JSON text already serialized (a remembered representation), with `X-Mock-Readings`.
 *
 * @example
 * return jsonText(representText(core, record, readings, origin), 200, readings);
 */
export function jsonText(text: string, status: number, readings: RequestReadings): Response {
  return respond(text, status, readings, 'application/json');
}
