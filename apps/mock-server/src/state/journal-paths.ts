/**
 * The journal's column of request paths, kept as bytes in one preallocated slab rather than as a
 * string per entry. A request's path is a new string (a slice of its URL, which it keeps alive);
 * kept in the ring it lives through 10 000 requests, so the collector copies and promotes every one
 * and later marks it in the old generation. With random keys over thousands of videos no interner
 * helps (each path is new); the slab holds them at no cost to the collector. A path is a string
 * again only when an entry is read. Paths longer than SLOT_BYTES, or with a character beyond
 * Latin-1, are kept as the string they came as.
 */

/** Bytes of a slot: a path up to this length (`/api/v1/videos/{key}/custom-fields` and longer keys) fits. */
const SLOT_BYTES = 64;

/** Length marking a slot whose path is kept as a string (too long, or beyond Latin-1). */
const AS_STRING = 255;

/** Latin-1 bytes (at most SLOT_BYTES, well within `String.fromCharCode`'s arguments) to a string. */
function latin1(bytes: Uint8Array): string {
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}

/**
 * Paths by slot, for a ring of `capacity` entries.
 *
 * @example
 * const paths = new JournalPaths(10_000);
 * paths.set(0, '/api/v1/videos/v-0001');
 * paths.get(0); // '/api/v1/videos/v-0001'
 */
export class JournalPaths {
  readonly #bytes: Uint8Array;
  readonly #length: Uint8Array;
  /** The paths kept as strings, by slot (sparse: most slots hold none). */
  readonly #strings = new Map<number, string>();

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(capacity * SLOT_BYTES);
    this.#length = new Uint8Array(capacity);
  }

  set(slot: number, path: string): void {
    if (this.#length[slot] === AS_STRING) this.#strings.delete(slot);
    const length = path.length;
    if (length <= SLOT_BYTES) {
      const bytes = this.#bytes;
      const at = slot * SLOT_BYTES;
      let i = 0;
      for (; i < length; i++) {
        const code = path.charCodeAt(i);
        if (code > 0xff) break;
        bytes[at + i] = code;
      }
      if (i === length) {
        this.#length[slot] = length;
        return;
      }
    }
    this.#length[slot] = AS_STRING;
    this.#strings.set(slot, path);
  }

  get(slot: number): string {
    const length = this.#length[slot] as number;
    if (length === AS_STRING) return this.#strings.get(slot) ?? '';
    const at = slot * SLOT_BYTES;
    return latin1(this.#bytes.subarray(at, at + length));
  }

  /** Whether the path in `slot` is `path`, without making a string of it. */
  is(slot: number, path: string): boolean {
    const length = this.#length[slot] as number;
    if (length === AS_STRING) return this.#strings.get(slot) === path;
    if (length !== path.length) return false;
    const at = slot * SLOT_BYTES;
    for (let i = 0; i < length; i++) if (this.#bytes[at + i] !== path.charCodeAt(i)) return false;
    return true;
  }

  clear(): void {
    this.#length.fill(0);
    this.#strings.clear();
  }
}
