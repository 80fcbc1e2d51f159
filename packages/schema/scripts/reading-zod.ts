/**
 * Zod source for the JSON Schemas of readings (spec/tools/meaning.ts accepts only this subset):
 * type (one or a list), properties and required, additionalProperties, items, enum, const, length
 * and number bounds, description, anyOf (an intersection with the union of its alternatives),
 * examples (not checked); `false` at the top for a reading without a body. Objects are
 * open unless `additionalProperties: false`, as the generated zod schemas of the spec are.
 */
type Schema = Record<string, unknown>;

const json = (value: unknown) => JSON.stringify(value);

function bounds(schema: Schema, low: string, high: string): string {
  const min = schema[low] !== undefined ? `.min(${json(schema[low])})` : '';
  const max = schema[high] !== undefined ? `.max(${json(schema[high])})` : '';
  return min + max;
}

function ofType(type: string, schema: Schema, indent: string): string {
  switch (type) {
    case 'string':
      return `z.string()${bounds(schema, 'minLength', 'maxLength')}`;
    case 'number':
      return `z.number()${bounds(schema, 'minimum', 'maximum')}`;
    case 'integer':
      return `z.int()${bounds(schema, 'minimum', 'maximum')}`;
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'array':
      return `z.array(${schema.items ? zodSource(schema.items as Schema, indent) : 'z.unknown()'})`;
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const inner = `${indent}  `;
      const members = Object.entries(properties).map(
        ([name, sub]) =>
          `${inner}${json(name)}: ${zodSource(sub, inner)}${required.has(name) ? '' : '.optional()'}`,
      );
      const shape = members.length > 0 ? `{\n${members.join(',\n')}\n${indent}}` : '{}';
      const extra = schema.additionalProperties;
      if (extra === false) return `z.strictObject(${shape})`;
      if (extra === undefined || extra === true) return `z.looseObject(${shape})`;
      return `z.object(${shape}).catchall(${zodSource(extra as Schema, indent)})`;
    }
  }
}

/** The zod expression of a reading's JSON Schema (`false`, no body at all, is `z.never()`). */
export function zodSource(schema: Schema | false, indent = ''): string {
  if (schema === false) return 'z.never()';
  if (schema.const !== undefined) return `z.literal(${json(schema.const)})`;
  if (Array.isArray(schema.enum)) return `z.enum(${json(schema.enum)})`;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
  const each = types.map((type) => ofType(type, schema, indent));
  const typed = each.length === 1 ? (each[0] as string) : `z.union([${each.join(', ')}])`;
  const alternatives = Array.isArray(schema.anyOf)
    ? (schema.anyOf as Schema[]).map((alternative) => zodSource(alternative, indent))
    : [];
  const expression = alternatives.length > 0 ? `${typed}.and(z.union([${alternatives.join(', ')}]))` : typed;
  return typeof schema.description === 'string'
    ? `${expression}.describe(${json(schema.description)})`
    : expression;
}
