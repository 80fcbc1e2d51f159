/**
 * A resolved spec (design.md §2): the bundled document with every unknown that has readings
 * replaced by what the chosen reading says (exact status codes, error bodies with their media type
 * and schema, the upload's answer and the media type of its file, the webhook payload, auth, the
 * readiness member), each resolved place marked with the reading and where the choice came from,
 * and the same choices as an OpenAPI Overlay over the honest spec. Generic OpenAPI tools (Prism,
 * Portman, Redocly, SDK generators) read the resolved document; the honest one stays the source.
 *
 * @example
 * import { resolveSpec } from '@video-api/schema/resolve';
 * const { document, overlay } = resolveSpec({ readings: { 'status-codes': 'semantic' } });
 */
import { openapiDocument } from '../generated/openapi.js';
import type { JsonObject } from '../json-object.js';
import { parseReadingChoice } from '../reading-choice.js';
import { readingsFromReport } from '../report-readings.js';
import type { ReadingChoice } from '../unspecified.js';
import { resolveAddedOperations } from './added-operations.js';
import { resolveAnswerOrder } from './answer-order.js';
import { resolveBodies } from './bodies.js';
import { byId, type ChosenReading, chooseReadings } from './choices.js';
import { resolveDescriptions } from './descriptions.js';
import { resolveLinks } from './links.js';
import { markChoices } from './markers.js';
import { resolveNarrows } from './narrows.js';
import { resolveOperations } from './operations.js';
import { type OverlayDocument, overlayBetween } from './overlay.js';
import { resolveParts } from './parts.js';
import { resolveRecord } from './record.js';
import { resolveRefusalExamples } from './refusal-examples.js';
import { resolveRequests } from './requests.js';
import { resolveServers, serverProblems } from './servers.js';
import { resolveUploadExample } from './upload-example.js';

export type { JsonObject } from '../json-object.js';
export type { ChoiceSource, ChosenReading } from './choices.js';
export type { OverlayAction, OverlayDocument } from './overlay.js';

export interface ResolveOptions {
  /** Readings chosen by hand: `{ 'status-codes': 'semantic' }` or `['status-codes=semantic']`. They win over a report. */
  readings?: ReadingChoice | readonly string[];
  /** A contract report (the parsed `report.json` of `video-api-contract`) whose observed readings are chosen. */
  report?: unknown;
  /** The document's server: an absolute http(s) URL. Default: the mock's (`http://localhost:4010`). */
  server?: string;
  /** The upload host (`upload-host`, §4.2): when it differs from `server`, the upload operation lists it as its own server. */
  uploadServer?: string;
  /**
   * Keep the catch-all `default` error response beside the statuses the readings give (default
   * false: generators then type a success as the success body only; an answer of a status no
   * reading gives, a 500 say, is untyped).
   */
  keepDefault?: boolean;
  /**
   * Also list error bodies under `application/json` after the error shape's own media type
   * (`application/problem+json`), for generators that keep only `application/json` bodies.
   * Default false: Specmatic then expects the alias and no longer runs the refusal examples.
   */
  jsonErrorAlias?: boolean;
}

export interface ResolvedSpec {
  /** The resolved OpenAPI 3.1 document. */
  document: JsonObject;
  /** The same choices as an OpenAPI Overlay 1.0 over the bundled (honest) document. */
  overlay: OverlayDocument;
  /** The reading chosen for each unknown with readings, and where it came from. */
  chosen: ChosenReading[];
}

/** Bad options: `what` is the option (`readings`, `report`, or `server` for either address), `problems` say what was wrong and what is accepted. */
export class ResolveError extends Error {
  constructor(
    readonly what: 'readings' | 'report' | 'server',
    readonly problems: string[],
  ) {
    super(`${what}: ${problems.join('; ')}`);
    this.name = 'ResolveError';
  }
}

/** The readings chosen by hand, checked against the registry. */
function handChoice(readings: ResolveOptions['readings']): ReadingChoice {
  if (readings === undefined) return {};
  const pairs = Array.isArray(readings) ? readings : Object.entries(readings as Record<string, string>);
  const result = parseReadingChoice(pairs as Iterable<string | [string, string]>);
  if (!result.ok) throw new ResolveError('readings', result.problems);
  return result.choice;
}

/** What the resolved document says of itself in `info`. */
function describe(document: JsonObject, chosen: ChosenReading[]): void {
  const info = document.info as JsonObject;
  const list = chosen.map(({ id, reading, from }) => `${id}=${reading} (${from})`).join(', ');
  info.title = `${String(info.title)} (resolved)`;
  info.description =
    `Resolved from the honest document: every unknown with readings says what its chosen reading ` +
    `says, and each resolved place lists it under \`x-resolved\` (readings chosen: ${list}). ` +
    `Nothing resolved here is documented fact; the markers keep what the interface document says.\n\n` +
    String(info.description ?? '');
  info['x-resolved'] = chosen.map(({ id, reading, from }) => ({ id, reading, from }));
}

/**
 * Resolves the spec for the chosen readings: hand-chosen ones first, then those a report observed,
 * then the defaults (the readings the mock plays). Throws a ResolveError for bad options.
 */
export function resolveSpec(options: ResolveOptions = {}): ResolvedSpec {
  const flags = handChoice(options.readings);
  let reported: Parameters<typeof chooseReadings>[1] = [];
  if (options.report !== undefined) {
    const result = readingsFromReport(options.report);
    if (!result.ok) throw new ResolveError('report', result.problems);
    reported = result.observed;
  }
  const servers = { server: options.server, uploadServer: options.uploadServer };
  const bad = serverProblems(servers);
  if (bad.length > 0) throw new ResolveError('server', bad);
  const chosen = chooseReadings(flags, reported);
  const lookup = byId(chosen);
  const document = structuredClone(openapiDocument) as JsonObject;
  resolveDescriptions(document, lookup); // first: the places are pointers of the honest document
  resolveNarrows(document, lookup);
  resolveBodies(document, lookup, options.jsonErrorAlias === true);
  resolveRecord(document, lookup);
  resolveUploadExample(document, lookup);
  resolveParts(document, lookup);
  resolveAddedOperations(document, lookup);
  resolveOperations(document, lookup, options.keepDefault === true);
  resolveServers(document, servers);
  resolveLinks(document, lookup);
  resolveAnswerOrder(document, lookup);
  resolveRefusalExamples(document, lookup);
  resolveRequests(document, lookup);
  markChoices(document, lookup);
  describe(document, chosen);
  const title = `Readings chosen: ${chosen.map(({ id, reading }) => `${id}=${reading}`).join(', ')}`;
  return { document, overlay: overlayBetween(openapiDocument, document, title), chosen };
}
