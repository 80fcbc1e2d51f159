/**
 * The store could not be reached (a database that is down, restarting or too slow): the server's
 * trouble, never the client's. The error policy answers it as a 503 mock error
 * (`X-Mock-Error: database-unavailable`, with `Retry-After`), never a 500 and never a hang.
 */

/**
 * @example
 * throw new StoreUnavailable('connection refused (ECONNREFUSED)', 2);
 */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';

  /**
   * @param reason what failed, for the log and the answer's detail (no address, no credentials)
   * @param retryAfterSeconds when a client may try again (`Retry-After`)
   */
  constructor(
    readonly reason: string,
    readonly retryAfterSeconds = 1,
    options?: ErrorOptions,
  ) {
    super(`the mock's database is unavailable: ${reason}`, options);
  }
}
