/** Reads a JSON Pointer (RFC 6901) from a parsed document; undefined when a segment is missing. */
export function at(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** `/paths/~1api~1v1~1videos` from `/api/v1/videos`. */
export const path = (p: string) => `/paths/${p.replaceAll('~', '~0').replaceAll('/', '~1')}`;
