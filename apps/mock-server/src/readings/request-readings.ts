/**
 * The readings of one request: reading one records it as played, for `X-Mock-Readings`.
 */
import type { ReadingOf, ReadingSet, UnspecifiedIdWithReadings } from '@video-api/schema';

/**
 * One sequence of first reads over a reading set: the readings played so far and their
 * `X-Mock-Readings` text. Requests of one route read the same readings in the same order, so they
 * share these nodes: the header text is built once per sequence, not concatenated per request.
 */
interface PlayNode {
  header: string;
  played: Readonly<Record<string, string>>;
  next: Map<string, PlayNode>;
}

const roots = new WeakMap<ReadingSet, PlayNode>();

function rootOf(set: ReadingSet): PlayNode {
  let root = roots.get(set);
  if (root === undefined) {
    root = { header: '', played: {}, next: new Map() };
    roots.set(set, root);
  }
  return root;
}

/**
 * The readings of one request: reading one records it as played, for `X-Mock-Readings`.
 *
 * @example
 * const readings = new RequestReadings(readingSet());
 * readings.get('custom-fields-omitted'); // 'merge'
 * readings.header(); // 'custom-fields-omitted=merge'
 */
export class RequestReadings {
  readonly #set: ReadingSet;
  /** Where this request is in its set's tree of play sequences. */
  #node: PlayNode;
  /** The node whose header was written into the response (see `seal`). */
  #sealed: PlayNode;

  constructor(set: ReadingSet) {
    this.#set = set;
    this.#node = rootOf(set);
    this.#sealed = this.#node;
  }

  /** The reading of `id` for this request, recorded as played. */
  get<Id extends UnspecifiedIdWithReadings>(id: Id): ReadingOf<Id> {
    const reading = this.#set[id] as ReadingOf<Id>;
    const node = this.#node;
    if (!Object.hasOwn(node.played, id)) {
      let next = node.next.get(id);
      if (next === undefined) {
        next = {
          header: node.header === '' ? `${id}=${reading}` : `${node.header}, ${id}=${reading}`,
          played: { ...node.played, [id]: reading },
          next: new Map(),
        };
        node.next.set(id, next);
      }
      this.#node = next;
    }
    return reading;
  }

  /** Every reading of this request, without recording any (for events and webhooks). */
  all(): ReadingSet {
    // A frozen set (every set ServerReadings hands out) is shared rather than copied for every event.
    return Object.isFrozen(this.#set) ? this.#set : { ...this.#set };
  }

  /** The played readings, as recorded. */
  played(): Record<string, string> {
    return { ...this.#node.played };
  }

  /** The value of `X-Mock-Readings`: `id=reading, …` in play order. */
  header(): string {
    return this.#node.header;
  }

  /** The header, marked as written into the response: `unsealed()` is false until another reading is read. */
  seal(): string {
    this.#sealed = this.#node;
    return this.#node.header;
  }

  /** Whether readings were read that the response does not name yet. */
  unsealed(): boolean {
    return this.#node !== this.#sealed;
  }
}
