/**
 * The machine-readable meaning of readings (design.md §1): a marker's `meaning` maps some of its
 * readings to data that the mock, the contract suite and the client read instead of a copy of
 * their own. This module checks that data; markers.ts calls it for every marker.
 *
 * ```yaml
 * meaning:
 *   semantic: { status: { createVideos: 201, uploadVideoSource: 202 } } # the success status per operation
 *   basic:    { words: [created, processing, ready, failed], afterUpload: processing } # its words, and the one right after an upload
 *   problem-json:
 *     mediaType: application/problem+json                          # the media type of its body
 *     schema: { type: object, required: [title], properties: … }   # a JSON Schema of its body
 *   required:
 *     auth: bearer                                                 # the auth rule of the operation it sits on
 *     refuses: [{ status: 401, on: [getVideo] }]                   # the answers with which it refuses
 *   rejected:
 *     narrows: [{ at: /components/schemas/…, set: { minItems: 1 } }]  # keywords it sets on schemas
 *   request-order: { order: kept }                                 # how a list comes back
 *   video-record: { sameAs: /components/schemas/Video, schema: … } # its body is that schema, resolved
 *   put: { method: put }                                           # the HTTP method of the request it concerns
 *   hmac-sha256-body: { headers: [Webhook-Signature] }             # headers that request carries
 *   video-only: { parts: { file: video/* } }                       # the media type of a multipart part it takes
 *   api-endpoint:                                                  # an operation the reading adds
 *     operation: { path: /api/v1/webhooks, method: post, operationId: registerWebhook, summary: …,
 *                  security: bearerAuth, status: 201, request: …, answer: …, refusedAs: [error-codes] }
 * ```
 */
import { type Narrowing, narrowsProblems, schemaPointerProblems } from './narrows.js';
import { type RefusedRequest, requestsProblems } from './requests.js';

/** What one reading's meaning may hold. */
export interface ReadingMeaning {
  /** The words the reading uses (e.g. the states of `video-states`), in order. */
  words?: string[];
  /** The word (one of `words`) of a video whose source was just received: what an upload's answer shows. */
  afterUpload?: string;
  /** The media type of a body the reading produces. */
  mediaType?: string;
  /** A JSON Schema (the subset below) of a body the reading produces; `false` when it produces none. */
  schema?: Record<string, unknown> | false;
  /** The status code the reading answers with, per operation id. */
  status?: Record<string, number>;
  /**
   * The auth rule the reading gives the operation its marker sits on: `bearer` (a credential is
   * required), `optional` (the operation answers with or without one) or `none` (no credential is
   * sent or needed).
   */
  auth?: 'bearer' | 'optional' | 'none';
  /**
   * The answers with which the reading refuses a request: a 4xx or 5xx status, the operations that
   * answer it, and the headers it carries (e.g. Retry-After). An empty list: it refuses nothing.
   */
  refuses?: Refusal[];
  /** Requests the reading refuses, each an inline example or the reason there is none (requests.ts). */
  requests?: RefusedRequest[];
  /** The JSON Schema keywords the reading sets on schemas of the spec (narrows.ts). */
  narrows?: Narrowing[];
  /** How a list the marker concerns comes back: in the order sent, reversed, or in any order. */
  order?: 'kept' | 'reversed' | 'any';
  /** The body the reading produces is the schema at this pointer of the (resolved) spec. */
  sameAs?: string;
  /** The HTTP method (lowercase) of the request the marker concerns (a webhook delivery). */
  method?: string;
  /** The headers the reading puts on the request the marker concerns (e.g. a signature). */
  headers?: string[];
  /**
   * The media type (or range, such as `video/*`) of each part of the multipart request the
   * marker's operation takes, by part name: the part's `encoding.contentType` in a resolved spec.
   */
  parts?: Record<string, string>;
  /** An operation the reading adds to the API (one reading's own detail). */
  operation?: AddedOperation;
}

/**
 * An operation a reading adds to the API: where it sits, its JSON request and answer bodies (JSON
 * Schemas of the accepted subset), the success status, the security scheme it takes, and the
 * unknowns whose chosen readings give the statuses with which it refuses a request.
 */
interface AddedOperation {
  path: string;
  method: string;
  operationId: string;
  summary: string;
  security: string;
  status: number;
  request: Record<string, unknown>;
  answer: Record<string, unknown>;
  refusedAs: string[];
}

/** One refusal of a reading (see `ReadingMeaning.refuses`). */
interface Refusal {
  status: number;
  on: string[];
  headers?: string[];
}

const MEANING_KEYS = [
  'words',
  'afterUpload',
  'mediaType',
  'schema',
  'status',
  'auth',
  'refuses',
  'requests',
  'narrows',
  'order',
  'sameAs',
  'method',
  'headers',
  'parts',
  'operation',
] as const;
/** Members one reading may give without the others (a detail of that reading alone). */
const OWN_KEYS = new Set<string>(['sameAs', 'requests', 'operation']);
const OPERATION_KEYS = [
  'path',
  'method',
  'operationId',
  'summary',
  'security',
  'status',
  'request',
  'answer',
  'refusedAs',
] as const;
const AUTH_RULES = ['bearer', 'optional', 'none'];
const ORDERS = ['kept', 'reversed', 'any'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const REFUSAL_KEYS = new Set(['status', 'on', 'headers']);
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
/** A media type or a range of them (`video/*`, `*∕*`), as an encoding's contentType may be. */
const MEDIA_RANGE = /^(?:\*\/\*|[a-z0-9][a-z0-9!#$&^_.+-]*\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]*))$/;
const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** The JSON Schema keywords a reading's schema may use: what every generator and validator here reads. */
const SCHEMA_KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'anyOf',
  'examples',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isHeaderList = (value: unknown): boolean =>
  Array.isArray(value) && value.every((h) => typeof h === 'string' && HEADER_NAME.test(h));

/**
 * Problems of a JSON Schema of the accepted subset, each naming the path inside the schema. At the
 * top, `false` says the reading produces no body at all.
 */
export function schemaProblems(schema: unknown, path = 'schema'): string[] {
  if (schema === false && path === 'schema') return [];
  if (!isObject(schema)) return [`${path} must be an object (a JSON Schema), or false for no body`];
  const problems: string[] = [];
  for (const key of Object.keys(schema)) {
    if (!SCHEMA_KEYWORDS.has(key)) {
      problems.push(
        `${path}: keyword "${key}" is not accepted (accepted: ${[...SCHEMA_KEYWORDS].join(', ')})`,
      );
    }
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.type === undefined || types.length === 0 || !types.every((t) => JSON_TYPES.has(t as string))) {
    problems.push(`${path}: "type" must be one of ${[...JSON_TYPES].join(', ')}, or a list of them`);
  }
  const { properties, required, items, additionalProperties } = schema;
  if (properties !== undefined) {
    if (!isObject(properties)) problems.push(`${path}: "properties" must map names to schemas`);
    else {
      for (const [name, sub] of Object.entries(properties)) {
        problems.push(...schemaProblems(sub, `${path}.properties.${name}`));
      }
    }
  }
  if (required !== undefined) {
    const names = isObject(properties) ? Object.keys(properties) : [];
    if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) {
      problems.push(`${path}: "required" must be a list of property names`);
    } else {
      for (const name of required) {
        if (!names.includes(name)) problems.push(`${path}: required "${name}" is not one of its properties`);
      }
      if (new Set(required).size !== required.length)
        problems.push(`${path}: "required" names a property twice`);
    }
  }
  if (items !== undefined) problems.push(...schemaProblems(items, `${path}.items`));
  if (additionalProperties !== undefined && typeof additionalProperties !== 'boolean') {
    problems.push(...schemaProblems(additionalProperties, `${path}.additionalProperties`));
  }
  if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.length === 0)) {
    problems.push(`${path}: "enum" must be a non-empty list`);
  }
  if (schema.anyOf !== undefined) {
    if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0)
      problems.push(`${path}: "anyOf" must be a non-empty list of schemas`);
    else problems.push(...schema.anyOf.flatMap((sub, i) => schemaProblems(sub, `${path}.anyOf[${i}]`)));
  }
  if (schema.examples !== undefined && !Array.isArray(schema.examples)) {
    problems.push(`${path}: "examples" must be a list of values`);
  }
  return problems;
}

/** Problems of a status map: operation ids of the spec, each with an HTTP status code. */
function statusProblems(status: unknown, operations: ReadonlySet<string>, at: string): string[] {
  if (!isObject(status) || Object.keys(status).length === 0) {
    return [`${at}: status must map operation ids to status codes`];
  }
  const problems: string[] = [];
  for (const [operation, code] of Object.entries(status)) {
    if (!operations.has(operation)) {
      problems.push(
        `${at}: status names "${operation}", which is not an operation of the spec (${[...operations].join(', ')})`,
      );
    }
    if (!Number.isInteger(code) || (code as number) < 100 || (code as number) > 599) {
      problems.push(
        `${at}: status of ${operation} must be an HTTP status code (100 to 599), got ${JSON.stringify(code)}`,
      );
    }
  }
  return problems;
}

/** Problems of a list of refusals: statuses 400 to 599, operations of the spec, header names. */
function refusalProblems(refuses: unknown, operations: ReadonlySet<string>, at: string): string[] {
  if (!Array.isArray(refuses)) return [`${at}: refuses must be a list of { status, on, headers? }`];
  return refuses.flatMap((refusal, index) => {
    const where = `${at}: refuses[${index}]`;
    if (!isObject(refusal)) return [`${where} must be an object { status, on, headers? }`];
    const problems = Object.keys(refusal)
      .filter((key) => !REFUSAL_KEYS.has(key))
      .map((key) => `${where}: unknown member "${key}" (accepted: ${[...REFUSAL_KEYS].join(', ')})`);
    const { status, on, headers } = refusal;
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) {
      problems.push(
        `${where}: status must be an error status code (400 to 599), got ${JSON.stringify(status)}`,
      );
    }
    if (!Array.isArray(on) || on.length === 0) problems.push(`${where}: on must list operation ids`);
    else {
      for (const operation of on) {
        if (!operations.has(operation as string)) {
          problems.push(
            `${where}: on names "${String(operation)}", which is not an operation of the spec (${[...operations].join(', ')})`,
          );
        }
      }
    }
    if (headers !== undefined && !isHeaderList(headers)) {
      problems.push(`${where}: headers must be a list of header names`);
    }
    return problems;
  });
}

const isMarkerId = (spec: unknown, id: string): boolean => JSON.stringify(spec).includes(`"id":"${id}"`);

/**
 * Problems of an operation a reading adds: every member given, a path the spec does not have
 * already, an operation id of no other operation, a security scheme of the spec, a success status,
 * request and answer schemas of the accepted subset, and `refusedAs` ids of markers of the spec.
 */
function operationProblems(value: unknown, at: string, spec: unknown): string[] {
  const where = `${at}: operation`;
  if (!isObject(value)) return [`${where} must be an object with ${OPERATION_KEYS.join(', ')}`];
  const problems = [
    ...Object.keys(value)
      .filter((key) => !(OPERATION_KEYS as readonly string[]).includes(key))
      .map((key) => `${where}: unknown member "${key}" (accepted: ${OPERATION_KEYS.join(', ')})`),
    ...OPERATION_KEYS.filter((key) => value[key] === undefined).map((key) => `${where}: "${key}" is missing`),
  ];
  const { path, method, operationId, summary, security, status, request, answer, refusedAs } = value;
  const paths = isObject(spec) && isObject(spec.paths) ? spec.paths : {};
  if (typeof path !== 'string' || !path.startsWith('/')) problems.push(`${where}: path must start with /`);
  else if (paths[path] !== undefined) problems.push(`${where}: path ${path} is already a path of the spec`);
  if (method !== undefined && !METHODS.includes(method as string)) {
    problems.push(`${where}: method must be one of ${METHODS.join(', ')}, got ${JSON.stringify(method)}`);
  }
  const taken = Object.values(paths).flatMap((item) =>
    Object.values(isObject(item) ? item : {}).map((operation) =>
      isObject(operation) ? operation.operationId : undefined,
    ),
  );
  if (operationId !== undefined && (typeof operationId !== 'string' || taken.includes(operationId))) {
    problems.push(`${where}: operationId must be a string that names no operation of the spec's paths`);
  }
  if (summary !== undefined && (typeof summary !== 'string' || summary === '')) {
    problems.push(`${where}: summary must be a non-empty string`);
  }
  const components = isObject(spec) && isObject(spec.components) ? spec.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  if (security !== undefined && (typeof security !== 'string' || schemes[security] === undefined)) {
    problems.push(
      `${where}: security must name a security scheme of the spec (${Object.keys(schemes).join(', ')})`,
    );
  }
  if (
    status !== undefined &&
    (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 299)
  ) {
    problems.push(
      `${where}: status must be a success status code (200 to 299), got ${JSON.stringify(status)}`,
    );
  }
  for (const [name, schema] of [
    ['request', request],
    ['answer', answer],
  ] as const) {
    if (schema === false) problems.push(`${where}: ${name} must be a JSON Schema`);
    else if (schema !== undefined)
      problems.push(
        ...schemaProblems(schema).map(
          (p) => `${where}: ${name}: ${p.slice('schema'.length).replace(/^: /, '')}`,
        ),
      );
  }
  if (refusedAs !== undefined) {
    if (!Array.isArray(refusedAs) || !refusedAs.every((id) => typeof id === 'string')) {
      problems.push(`${where}: refusedAs must be a list of unknown ids`);
    } else {
      for (const id of refusedAs.filter((id) => !isMarkerId(spec, id))) {
        problems.push(`${where}: refusedAs names "${id}", which is not the id of a marker of the spec`);
      }
    }
  }
  return problems;
}

/** Problems of a parts map: part names, each with a media type or range. */
function partsProblems(parts: unknown, at: string): string[] {
  if (!isObject(parts) || Object.keys(parts).length === 0) {
    return [`${at}: parts must map part names to media types`];
  }
  return Object.entries(parts)
    .filter(([name, type]) => name === '' || typeof type !== 'string' || !MEDIA_RANGE.test(type))
    .map(
      ([name, type]) =>
        `${at}: parts: "${name}" must be a part name with a media type or range (such as video/*), got ${JSON.stringify(type)}`,
    );
}

/** Problems of one reading's meaning (`at` names the marker and the reading). */
function readingMeaningProblems(
  value: unknown,
  operations: ReadonlySet<string>,
  at: string,
  spec: unknown,
): string[] {
  if (!isObject(value)) return [`${at}: must be an object with ${MEANING_KEYS.join(', ')}`];
  const problems: string[] = [];
  for (const key of Object.keys(value)) {
    if (!(MEANING_KEYS as readonly string[]).includes(key)) {
      problems.push(`${at}: unknown member "${key}" (accepted: ${MEANING_KEYS.join(', ')})`);
    }
  }
  const { words, mediaType, schema } = value;
  if (words !== undefined) {
    const ok =
      Array.isArray(words) && words.length > 0 && words.every((w) => typeof w === 'string' && w !== '');
    if (!ok) problems.push(`${at}: words must be a non-empty list of non-empty strings`);
    else if (new Set(words).size !== words.length) problems.push(`${at}: words must not repeat a word`);
  }
  if (value.afterUpload !== undefined && !(Array.isArray(words) && words.includes(value.afterUpload))) {
    problems.push(`${at}: afterUpload must be one of its words, got ${JSON.stringify(value.afterUpload)}`);
  }
  if (mediaType !== undefined && (typeof mediaType !== 'string' || !MEDIA_TYPE.test(mediaType))) {
    problems.push(`${at}: mediaType "${String(mediaType)}" is not a media type (such as application/json)`);
  }
  if (schema !== undefined) problems.push(...schemaProblems(schema).map((p) => `${at}: ${p}`));
  if (value.status !== undefined) problems.push(...statusProblems(value.status, operations, at));
  if (value.auth !== undefined && !AUTH_RULES.includes(value.auth as string)) {
    problems.push(`${at}: auth must be one of ${AUTH_RULES.join(', ')}, got ${JSON.stringify(value.auth)}`);
  }
  if (value.refuses !== undefined) problems.push(...refusalProblems(value.refuses, operations, at));
  if (value.requests !== undefined) problems.push(...requestsProblems(value.requests, operations, at));
  if (value.narrows !== undefined) problems.push(...narrowsProblems(value.narrows, spec, at));
  if (value.order !== undefined && !ORDERS.includes(value.order as string)) {
    problems.push(`${at}: order must be one of ${ORDERS.join(', ')}, got ${JSON.stringify(value.order)}`);
  }
  if (value.sameAs !== undefined)
    problems.push(...schemaPointerProblems(value.sameAs, spec, `${at}: sameAs`));
  if (value.method !== undefined && !METHODS.includes(value.method as string)) {
    problems.push(`${at}: method must be one of ${METHODS.join(', ')}, got ${JSON.stringify(value.method)}`);
  }
  if (value.headers !== undefined && !isHeaderList(value.headers)) {
    problems.push(`${at}: headers must be a list of header names`);
  }
  if (value.parts !== undefined) problems.push(...partsProblems(value.parts, at));
  if (value.operation !== undefined) problems.push(...operationProblems(value.operation, at, spec));
  return problems;
}

/**
 * Problems of a marker's `meaning`: an object keyed by its readings only, each a valid reading
 * meaning, and a member that one reading gives is given by every reading (so code can rely on it).
 * `operations` are the operation ids of the spec, that a `status` map may name.
 */
export function meaningProblems(
  meaning: unknown,
  readings: unknown,
  at: string,
  operations: ReadonlySet<string> = new Set(),
  spec: unknown = {},
): string[] {
  if (!isObject(readings)) return [`${at}: "meaning" is given but there are no readings to give it to`];
  if (!isObject(meaning)) return [`${at}: meaning must map reading names to their data`];
  const names = Object.keys(readings);
  const problems: string[] = [];
  for (const [reading, value] of Object.entries(meaning)) {
    if (!names.includes(reading)) {
      problems.push(`${at}: meaning of "${reading}", which is not one of its readings (${names.join(', ')})`);
      continue;
    }
    problems.push(...readingMeaningProblems(value, operations, `${at}: meaning of "${reading}"`, spec));
  }
  for (const key of MEANING_KEYS.filter((k) => !OWN_KEYS.has(k))) {
    const givers = names.filter(
      (r) => isObject(meaning[r]) && (meaning[r] as Record<string, unknown>)[key] !== undefined,
    );
    const missing = names.filter((r) => !givers.includes(r));
    if (givers.length > 0 && missing.length > 0) {
      problems.push(
        `${at}: meaning gives "${key}" for ${givers.join(', ')} but not for ${missing.join(', ')}`,
      );
    }
  }
  return problems;
}
