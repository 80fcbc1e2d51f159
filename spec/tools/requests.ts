/**
 * The `requests` member of a reading's meaning: requests the reading refuses, each either an inline
 * example a tool can send (`name`, with the `path` parameters and the `body` that differ from the
 * operation's own example) or `none`, the reason no inline request can carry the refusal. The status
 * is the reading's own refusal of the operation, or that of the chosen reading of `statusOf`.
 *
 * ```yaml
 * requests:
 *   - { name: emptyVideos, on: [createVideos], body: { projectKey: demo, videos: [] }, statusOf: error-codes }
 *   - { on: [getVideo], none: A wrong token is needed; a tool sends the one it is given. }
 * ```
 */

/** One request a reading refuses (see the module comment). */
export interface RefusedRequest {
  on: string[];
  name?: string;
  path?: Record<string, string>;
  body?: unknown;
  statusOf?: string;
  /** The status, when the reading refuses the operation with more than one. */
  status?: number;
  none?: string;
}

const KEYS = ['on', 'name', 'path', 'body', 'statusOf', 'status', 'none'];
const EXAMPLE_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Problems of one request: known members, operations of the spec, and a name or a reason (not both). */
function requestProblems(request: unknown, operations: ReadonlySet<string>, where: string): string[] {
  if (!isObject(request))
    return [`${where} must be an object { on, name, path?, body?, statusOf? } or { on, none }`];
  const problems = Object.keys(request)
    .filter((key) => !KEYS.includes(key))
    .map((key) => `${where}: unknown member "${key}" (accepted: ${KEYS.join(', ')})`);
  const { on, name, path, none, statusOf } = request;
  if (!Array.isArray(on) || on.length === 0) problems.push(`${where}: on must list operation ids`);
  else {
    for (const operation of on.filter((o) => !operations.has(o as string))) {
      problems.push(`${where}: on names "${String(operation)}", which is not an operation of the spec`);
    }
  }
  if ((name === undefined) === (none === undefined)) {
    problems.push(
      `${where}: give either name (an example a tool can send) or none (why no inline request can)`,
    );
  }
  if (name !== undefined && (typeof name !== 'string' || !EXAMPLE_NAME.test(name))) {
    problems.push(
      `${where}: name must be an example name of letters and digits, got ${JSON.stringify(name)}`,
    );
  }
  if (none !== undefined && (typeof none !== 'string' || none.trim() === '')) {
    problems.push(`${where}: none must be a sentence saying why no inline request carries the refusal`);
  }
  if (path !== undefined && (!isObject(path) || !Object.values(path).every((v) => typeof v === 'string'))) {
    problems.push(`${where}: path must map path parameter names to string values`);
  }
  if (statusOf !== undefined && typeof statusOf !== 'string') {
    problems.push(`${where}: statusOf must be the id of the unknown whose chosen reading gives the status`);
  }
  if (
    request.status !== undefined &&
    (!Number.isInteger(request.status) || (request.status as number) < 400)
  ) {
    problems.push(`${where}: status must be one of the error statuses the reading refuses with`);
  }
  if (none !== undefined && (path !== undefined || request.body !== undefined)) {
    problems.push(`${where}: a request with none has no path or body`);
  }
  return problems;
}

/** Problems of a `requests` list (`at` names the marker and the reading). */
export function requestsProblems(requests: unknown, operations: ReadonlySet<string>, at: string): string[] {
  if (!Array.isArray(requests)) return [`${at}: requests must be a list`];
  return requests.flatMap((request, index) =>
    requestProblems(request, operations, `${at}: requests[${index}]`),
  );
}
