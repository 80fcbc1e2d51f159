/**
 * Which failures of PostgreSQL mean "the database is unavailable" (the server's trouble, a 503 with
 * Retry-After) rather than a fault of the mock: no connection (refused, reset, timed out, closed),
 * a server shutting down or starting up, too many connections, a statement or lock timeout.
 */
import { StoreUnavailable } from '../../state/store-unavailable.js';

/** Error codes of the driver and of Node's sockets that mean no connection. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** SQLSTATEs that mean unavailable: shutdown (57P01–57P03), too many connections, statement or lock timeout. */
const UNAVAILABLE_STATES: Record<string, string> = {
  '57P01': 'the database server is shutting down',
  '57P02': 'the database server crashed',
  '57P03': 'the database server is starting up',
  '53300': 'the database has too many connections',
  '57014': 'a statement took longer than the statement timeout',
  '55P03': 'a lock was not granted in time',
};

/**
 * The StoreUnavailable that `error` means, or undefined for any other error.
 *
 * @example
 * unavailableReason(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })); // StoreUnavailable
 */
export function asUnavailable(error: unknown): StoreUnavailable | undefined {
  if (error instanceof StoreUnavailable) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (CONNECTION_CODES.has(code)) return new StoreUnavailable(`no connection (${code})`, 1, { cause: error });
  const state = UNAVAILABLE_STATES[code];
  if (state) return new StoreUnavailable(`${state} (SQLSTATE ${code})`, 1, { cause: error });
  if (code.startsWith('08'))
    return new StoreUnavailable(`connection failure (SQLSTATE ${code})`, 1, { cause: error });
  return undefined;
}
