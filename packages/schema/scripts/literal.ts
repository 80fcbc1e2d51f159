/**
 * TypeScript source of a JSON value in which some objects are written as a reference to a const
 * declared elsewhere, so that a piece of generated data (the meaning of readings) is emitted once
 * and the other generated files import it instead of repeating it.
 */
const REF = '\u0000ref:';

/** `value` as pretty-printed JSON, except each object in `refs` is its identifier. */
export function literalWithRefs(value: unknown, refs: ReadonlyMap<object, string>): string {
  const json = JSON.stringify(
    value,
    (_key, member: unknown) =>
      member !== null && typeof member === 'object' && refs.has(member)
        ? `${REF}${refs.get(member)}`
        : member,
    2,
  );
  return json.replace(/"\\u0000ref:([A-Za-z_$][\w$]*)"/g, '$1');
}

/** The import line of the identifiers `source` uses out of `refs`, sorted; '' when none. */
export function importOf(source: string, refs: ReadonlyMap<object, string>, from: string): string {
  const used = [...new Set(refs.values())].filter((name) => new RegExp(`\\b${name}\\b`).test(source)).sort();
  return used.length === 0 ? '' : `import { ${used.join(', ')} } from '${from}';\n\n`;
}
