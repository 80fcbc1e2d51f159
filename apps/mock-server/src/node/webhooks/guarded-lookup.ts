/**
 * A DNS lookup that checks every address it answers before a connection may use it: the Node
 * side of the webhook target rules (no rebinding between a check and the connection).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** Why one resolved address is refused (an Error the connection fails with), or undefined. */
export type AddressCheck = (address: string) => Error | undefined;

/**
 * Wraps `base` (default `dns.lookup`) so that an answer holding a refused address fails with the
 * check's error. Handles both forms Node calls it in: `all: true` (an array of addresses, what
 * `autoSelectFamily` asks for) and one address with its family.
 *
 * @example
 * http.request({ hostname: 'hooks.test', lookup: guardedLookup((a) => refuse(a)) });
 */
export function guardedLookup(
  check: AddressCheck,
  base: LookupFunction = dnsLookup as LookupFunction,
): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const answered: LookupAddress[] = Array.isArray(address)
        ? address
        : [{ address, family: family ?? (address.includes(':') ? 6 : 4) }];
      for (const entry of answered) {
        const refused = check(entry.address);
        if (refused) return callback(refused, options.all ? [] : '', family);
      }
      callback(null, address, family);
    });
  };
}

/**
 * Every address `hostname` resolves to through `base`, as a connection would resolve it; [] when
 * it does not resolve.
 *
 * @example
 * await resolveAll('localhost'); // ['127.0.0.1', '::1']
 */
export function resolveAll(
  hostname: string,
  base: LookupFunction = dnsLookup as LookupFunction,
): Promise<string[]> {
  return new Promise((resolve) => {
    base(hostname, { all: true }, (error, address) => {
      if (error) return resolve([]);
      resolve(Array.isArray(address) ? address.map((entry) => entry.address) : [address]);
    });
  });
}
