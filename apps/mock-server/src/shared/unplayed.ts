/** The end of a switch over the readings of an unknown: a reading no case plays fails the type check. */

/**
 * Throws for a reading no case of a switch played; its `never` parameter makes a reading added to
 * the spec a type error at the switch until a case plays it.
 *
 * @example
 * switch (reading) { case 'a': return 1; case 'b': return 2; default: return unplayed('x', reading); }
 */
export function unplayed(id: string, reading: never): never {
  throw new TypeError(`the ${id} reading "${String(reading)}" is not played here`);
}
