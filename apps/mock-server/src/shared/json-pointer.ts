/** JSON Pointers (RFC 6901) into request bodies, for the problems the mock names. */

/** Escapes one segment: `~` as `~0`, `/` as `~1`. */
export function pointerSegment(name: string | number): string {
  return String(name).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The pointer of `path` under `root` ('' for the body itself).
 *
 * @example
 * pointerOf(['simpleCustomFields', 'a/b']); // '/simpleCustomFields/a~1b'
 */
export function pointerOf(path: readonly PropertyKey[], root = ''): string {
  if (path.length === 0) return root;
  return `${root}/${path.map((part) => pointerSegment(String(part))).join('/')}`;
}
