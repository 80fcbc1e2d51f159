/**
 * The readings a server plays: the start set (spec defaults with the options over them), changed
 * by the control API, restored by a reset. Each request reads them through a RequestReadings.
 */
import type { ReadingChoice, ReadingSet } from '@video-api/schema';
import { parseReadingHeader, readingSet } from './choice.js';
import { RequestReadings } from './request-readings.js';

/**
 * The server's reading set.
 *
 * @example
 * const readings = new ServerReadings(readingSet({ 'custom-fields-omitted': 'replace' }));
 * readings.forRequest('status-codes=semantic').get('status-codes'); // 'semantic'
 */
export class ServerReadings {
  readonly #start: ReadingSet;
  #current: ReadingSet;

  constructor(start: ReadingSet) {
    this.#start = Object.freeze({ ...start });
    this.#current = this.#start;
  }

  /** The set in force (frozen: each set is shared by the requests that read it). */
  current(): ReadingSet {
    return this.#current;
  }

  /** Replaces the set: the spec's defaults with `choice` over them. */
  replace(choice: ReadingChoice): void {
    this.#current = Object.freeze(readingSet(choice));
  }

  /** Lays `choice` over the set in force. */
  update(choice: ReadingChoice): void {
    this.#current = Object.freeze({ ...this.#current, ...choice });
  }

  /** Back to the start set. */
  reset(): void {
    this.#current = this.#start;
  }

  /** The set in force when it is not the start set (what a shared store keeps), else undefined. */
  changed(): ReadingSet | undefined {
    return this.#current === this.#start ? undefined : this.#current;
  }

  /**
   * The readings of one request: the server's, with the `X-Mock-Reading` header's over them.
   * Throws a ReadingError for a header that names no id or reading of the spec.
   */
  forRequest(header?: string): RequestReadings {
    if (header === undefined) return new RequestReadings(this.#current);
    return new RequestReadings(Object.freeze({ ...this.#current, ...parseReadingHeader(header) }));
  }
}
