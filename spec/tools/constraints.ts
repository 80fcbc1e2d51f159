/**
 * Every constraint the spec puts on a request or an answer: one entry per validation keyword of
 * every schema a message has (components, parameters, bodies, webhooks), every alternative of an
 * `anyOf`, and every part media type of an `encoding`. The fidelity test traces each one to a
 * sentence of the interface document or to a marker; one it cannot trace is an invention.
 * The schemas of readings' meaning (inside `x-unspecified`) are not the spec's constraints: they
 * say what a reading would produce, and the marker checks hold them.
 */

/** One constraint: the schema node (a JSON Pointer), the keyword, and its value. */
export interface Constraint {
  at: string;
  keyword: string;
  value: unknown;
}

/** The keywords that constrain a value (JSON Schema 2020-12 validation and content vocabularies). */
const CONSTRAINING = new Set([
  'type',
  'format',
  'pattern',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'required',
  'additionalProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'contentMediaType',
  'contentEncoding',
]);

/** Keywords whose value holds schemas to walk into, each as a map, a list or one schema. */
const SUBSCHEMAS: Record<string, 'map' | 'list' | 'one'> = {
  properties: 'map',
  items: 'one',
  additionalProperties: 'one',
  anyOf: 'list',
  oneOf: 'list',
  allOf: 'list',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const pointerKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The constraints of one schema and of the schemas inside it. */
function schemaConstraints(schema: unknown, at: string): Constraint[] {
  if (!isObject(schema)) return [];
  const found: Constraint[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (CONSTRAINING.has(keyword) && !(keyword === 'additionalProperties' && isObject(value))) {
      found.push({ at, keyword, value });
    }
    const kind = SUBSCHEMAS[keyword];
    if (kind === 'one') found.push(...schemaConstraints(value, `${at}/${keyword}`));
    if (kind === 'map' && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        found.push(...schemaConstraints(sub, `${at}/${keyword}/${pointerKey(name)}`));
      }
    }
    if (kind === 'list' && Array.isArray(value)) {
      value.forEach((sub, i) => {
        // An alternative with no constraint of its own lets any value through: a constraint too.
        const open = isObject(sub) && Object.keys(sub).every((k) => k === 'description');
        if (open) found.push({ at: `${at}/${keyword}/${i}`, keyword: '(any value)', value: true });
        found.push(...schemaConstraints(sub, `${at}/${keyword}/${i}`));
      });
    }
  }
  return found;
}

/** The constraints of a content map (`requestBody.content`, a response's content). */
function contentConstraints(content: unknown, at: string): Constraint[] {
  if (!isObject(content)) return [];
  return Object.entries(content).flatMap(([type, media]) => {
    if (!isObject(media)) return [];
    const where = `${at}/${pointerKey(type)}`;
    const parts = isObject(media.encoding)
      ? Object.entries(media.encoding).flatMap(([part, encoding]) =>
          isObject(encoding) && encoding.contentType !== undefined
            ? [
                {
                  at: `${where}/encoding/${pointerKey(part)}`,
                  keyword: 'contentType',
                  value: encoding.contentType,
                },
              ]
            : [],
        )
      : [];
    return [...schemaConstraints(media.schema, `${where}/schema`), ...parts];
  });
}

/** The constraints of one operation: its parameters' schemas, its request body, its answers. */
function operationConstraints(operation: unknown, at: string): Constraint[] {
  if (!isObject(operation)) return [];
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  const responses = isObject(operation.responses) ? operation.responses : {};
  return [
    ...parameters.flatMap((parameter, i) =>
      schemaConstraints(isObject(parameter) ? parameter.schema : undefined, `${at}/parameters/${i}/schema`),
    ),
    ...contentConstraints(
      isObject(operation.requestBody) ? operation.requestBody.content : undefined,
      `${at}/requestBody/content`,
    ),
    ...Object.entries(responses).flatMap(([code, response]) =>
      contentConstraints(
        isObject(response) ? response.content : undefined,
        `${at}/responses/${code}/content`,
      ),
    ),
  ];
}

/**
 * Every constraint of the spec on what is sent and answered.
 *
 * @example
 * constraintsOf(loadSpec()).find((c) => c.keyword === 'pattern'); // undefined: the spec sets none
 */
export function constraintsOf(spec: Record<string, unknown>): Constraint[] {
  const components = isObject(spec.components) ? spec.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const parameters = isObject(components.parameters) ? components.parameters : {};
  const responses = isObject(components.responses) ? components.responses : {};
  const operations = (group: string) =>
    Object.entries(isObject(spec[group]) ? (spec[group] as Record<string, unknown>) : {}).flatMap(
      ([name, item]) =>
        isObject(item)
          ? Object.entries(item).flatMap(([method, operation]) =>
              operationConstraints(operation, `/${group}/${pointerKey(name)}/${method}`),
            )
          : [],
    );
  return [
    ...Object.entries(schemas).flatMap(([name, schema]) =>
      schemaConstraints(schema, `/components/schemas/${pointerKey(name)}`),
    ),
    ...Object.entries(parameters).flatMap(([name, parameter]) =>
      schemaConstraints(
        isObject(parameter) ? parameter.schema : undefined,
        `/components/parameters/${pointerKey(name)}/schema`,
      ),
    ),
    ...Object.entries(responses).flatMap(([name, response]) =>
      contentConstraints(
        isObject(response) ? response.content : undefined,
        `/components/responses/${pointerKey(name)}/content`,
      ),
    ),
    ...operations('paths'),
    ...operations('webhooks'),
  ];
}
