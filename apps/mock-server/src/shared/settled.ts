/** The result of synchronous work as a promise, for interfaces that are asynchronous (the stores). */

/**
 * `work()`'s result as a settled promise; a throw becomes the rejection (never a synchronous throw
 * from a function that returns a promise).
 *
 * @example
 * get: (key) => settled(() => videos.get(key)),
 */
export function settled<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}
