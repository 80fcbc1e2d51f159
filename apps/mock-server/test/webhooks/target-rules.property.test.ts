/** The webhook target rules over random addresses: the refused ranges in every URL form, what stays allowed, allow CIDRs. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllowList } from '../../src/webhooks/allow-list.js';
import { METADATA_ADDRESSES, targetRefusal } from '../../src/webhooks/target-rules.js';

const none = parseAllowList([]);
const dotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
/** Eight full groups, written by the test itself (the URL parser compresses them). */
const v6Text = (n: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');

const LINK_LOCAL_V4 = 0xa9fe0000; // 169.254.0.0
const linkLocalV4 = fc.integer({ min: 0, max: 0xffff }).map((low) => (LINK_LOCAL_V4 + low) >>> 0);
const linkLocalV6 = fc.bigInt(0n, 2n ** 118n - 1n).map((low) => (0x3fan << 118n) | low);

/** The URL forms of one IPv4 address a URL parser reads as that address. */
const v4Forms = (n: number) => [
  `http://${dotted(n)}/`,
  `http://${n}/`,
  `http://0x${n.toString(16)}/`,
  `http://[::ffff:${dotted(n)}]/`,
  `http://[::ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}]/`,
];

/** Whether a /prefix range at base holds n, computed here with plain numbers. */
const holds = (base: number, prefix: number, n: number) =>
  prefix === 0 || base >>> (32 - prefix) === n >>> (32 - prefix);

describe('the target rules over random addresses', () => {
  it('refuse every address of 169.254.0.0/16, in every URL form, unless a covering CIDR allows it', () => {
    fc.assert(
      fc.property(linkLocalV4, fc.integer({ min: 0, max: 0xffffffff }), fc.nat(32), (n, base, prefix) => {
        const allow = parseAllowList([`${dotted(base)}/${prefix}`]);
        for (const url of v4Forms(n)) {
          expect(targetRefusal(url, none), url).toContain(`${dotted(n)}`);
          expect(targetRefusal(url, none), url).toContain('a link-local address');
          expect(targetRefusal(url, allow) === undefined, url).toBe(holds(base, prefix, n));
        }
      }),
    );
  });

  it('refuse every address of fe80::/10 unless a covering CIDR allows it', () => {
    // The allow range's base differs from the address in one bit: covered exactly when that bit is a host bit.
    fc.assert(
      fc.property(linkLocalV6, fc.nat(128), fc.nat(127), (n, prefix, bit) => {
        const url = `http://[${v6Text(n)}]/`;
        expect(targetRefusal(url, none)).toContain('is a link-local address');
        const allow = parseAllowList([`${v6Text(n ^ (1n << BigInt(bit)))}/${prefix}`]);
        expect(targetRefusal(url, allow) === undefined).toBe(bit < 128 - prefix);
      }),
    );
  });

  it('allow every other IPv4 address: public, private, loopback', () => {
    const metadata = new Set(Object.keys(METADATA_ADDRESSES));
    const anyV4 = fc.oneof(
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.integer({ min: 0x7f000000, max: 0x7fffffff }), // 127.0.0.0/8
      fc.integer({ min: 0x0a000000, max: 0x0affffff }), // 10.0.0.0/8
      fc.integer({ min: 0xac100000, max: 0xac1fffff }), // 172.16.0.0/12
      fc.integer({ min: 0xc0a80000, max: 0xc0a8ffff }), // 192.168.0.0/16
    );
    fc.assert(
      fc.property(
        anyV4.filter((n) => n >>> 16 !== 0xa9fe && !metadata.has(dotted(n))),
        (n) => {
          for (const url of v4Forms(n)) expect(targetRefusal(url, none), url).toBeUndefined();
        },
      ),
    );
  });

  it('an allow CIDR inside 169.254.0.0/16 allows exactly its members', () => {
    fc.assert(
      fc.property(linkLocalV4, fc.integer({ min: 16, max: 32 }), linkLocalV4, (base, prefix, n) => {
        const allow = parseAllowList([`${dotted(base)}/${prefix}`]);
        expect(targetRefusal(`http://${dotted(n)}/`, allow) === undefined).toBe(holds(base, prefix, n));
      }),
      { numRuns: 500 },
    );
  });
});
