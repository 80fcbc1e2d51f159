/**
 * The `narrows` member of a reading's meaning: the JSON Schema keywords the reading sets on schema
 * nodes of the spec (a limit, a minimum count, an alternative it rules out), which the resolver
 * applies to the resolved document. And the JSON Pointers that `narrows` and `sameAs` name.
 *
 * ```yaml
 * rejected:
 *   narrows: [{ at: /components/schemas/CreateVideosRequest/properties/videos, set: { minItems: 1 } }]
 * ```
 */

/** One narrowing: the schema node at `at` (a JSON Pointer of the spec) gets the keywords of `set`. */
export interface Narrowing {
  at: string;
  set: Record<string, unknown>;
}

/** The keywords a narrowing may set: bounds, the names of a map, the alternatives of a value, a closed object. */
const NARROW_KEYWORDS = [
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'propertyNames',
  'anyOf',
  'additionalProperties',
] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The node of `spec` at a JSON Pointer, or undefined. */
export function specNode(spec: unknown, pointer: string): unknown {
  if (pointer === '') return spec;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = spec;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Problems of a pointer that must name a schema (an object) of the spec. */
export function schemaPointerProblems(pointer: unknown, spec: unknown, at: string): string[] {
  if (typeof pointer !== 'string' || !pointer.startsWith('/components/schemas/')) {
    return [`${at} must be a JSON Pointer under /components/schemas/, got ${JSON.stringify(pointer)}`];
  }
  return isObject(specNode(spec, pointer)) ? [] : [`${at} "${pointer}" names no schema of the spec`];
}

/** Whether `value` is a regular expression (ECMA-262, as JSON Schema's `pattern`) that compiles. */
function isPattern(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Problems of one keyword's value. */
function keywordProblems(keyword: string, value: unknown, spec: unknown, where: string): string[] {
  switch (keyword) {
    case 'propertyNames':
      return isObject(value) &&
        Object.keys(value).every((k) => k === 'maxLength' || k === 'minLength' || k === 'pattern') &&
        (value.pattern === undefined || isPattern(value.pattern))
        ? []
        : [
            `${where}: propertyNames must be { maxLength?, minLength?, pattern? } (pattern: a regular expression)`,
          ];
    case 'anyOf': {
      if (!Array.isArray(value) || value.length === 0) return [`${where}: anyOf must be a non-empty list`];
      return value.flatMap((alternative, i) => {
        const ref = isObject(alternative) ? alternative.$ref : undefined;
        if (typeof ref !== 'string' || Object.keys(alternative as object).length !== 1) {
          return [`${where}: anyOf[${i}] must be { $ref: '#/components/schemas/…' }`];
        }
        return schemaPointerProblems(ref.replace(/^#/, ''), spec, `${where}: anyOf[${i}]`);
      });
    }
    case 'additionalProperties':
      return value === false
        ? []
        : [`${where}: additionalProperties may only be set to false (a closed object)`];
    default:
      return Number.isInteger(value) && (value as number) >= 0
        ? []
        : [`${where}: ${keyword} must be an integer >= 0, got ${JSON.stringify(value)}`];
  }
}

/** Problems of a list of narrowings: pointers to schemas of the spec, keywords of the accepted set. */
export function narrowsProblems(narrows: unknown, spec: unknown, at: string): string[] {
  if (!Array.isArray(narrows)) return [`${at}: narrows must be a list of { at, set }`];
  return narrows.flatMap((narrowing, index) => {
    const where = `${at}: narrows[${index}]`;
    if (!isObject(narrowing) || !isObject(narrowing.set) || Object.keys(narrowing).length !== 2) {
      return [`${where} must be { at, set } (set: an object of keywords)`];
    }
    const problems = schemaPointerProblems(narrowing.at, spec, `${where}: at`);
    for (const [keyword, value] of Object.entries(narrowing.set)) {
      if (!(NARROW_KEYWORDS as readonly string[]).includes(keyword)) {
        problems.push(
          `${where}: keyword "${keyword}" is not accepted (accepted: ${NARROW_KEYWORDS.join(', ')})`,
        );
      } else problems.push(...keywordProblems(keyword, value, spec, where));
    }
    return problems;
  });
}
