/**
 * IP addresses as numbers, for the webhook target rules: the textual forms a URL's host or a DNS
 * answer gives (dotted IPv4, IPv6 with `::`, an embedded IPv4 tail, a zone, brackets), CIDR
 * ranges, and the IPv4 address an IPv6 form carries (mapped, compatible, NAT64). Pure, portable.
 */

/** An address: IPv4 as a 32-bit number, IPv6 as a 128-bit one. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

/** A CIDR range: the first address (host bits cleared) and the prefix length. */
export interface IpRange {
  base: IpAddress;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;
const DOTTED = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/;
const GROUP = /^[0-9a-f]{1,4}$/i;

function parseV4(text: string): bigint | undefined {
  const match = DOTTED.exec(text);
  if (!match) return undefined;
  const octets = match.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return undefined;
  return octets.reduce((sum, octet) => (sum << 8n) | BigInt(octet), 0n);
}

/** The 16-bit groups of one side of `::` (an IPv4 tail counts as two), or undefined. */
function groupsOf(side: string, last: boolean): number[] | undefined {
  if (side === '') return [];
  const parts = side.split(':');
  const groups: number[] = [];
  for (const [index, part] of parts.entries()) {
    const v4 = last && index === parts.length - 1 ? parseV4(part) : undefined;
    if (v4 !== undefined) groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    else if (GROUP.test(part)) groups.push(Number.parseInt(part, 16));
    else return undefined;
  }
  return groups;
}

function parseV6(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] as string, halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string, true) : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n);
}

/**
 * Parses an address as a URL host (`[::1]`), a DNS answer (`fe80::1%eth0`) or a person writes it;
 * undefined when `text` is not one (a host name, `0xa9fea9fe`, `010.0.0.1`).
 *
 * @example
 * parseIp('169.254.169.254'); // { version: 4, value: 2852039166n }
 * parseIp('[::ffff:a9fe:a9fe]'); // { version: 6, value: 281473533372926n }
 */
export function parseIp(text: string): IpAddress | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseV4(bare);
  if (v4 !== undefined) return { version: 4, value: v4 };
  const v6 = bare.includes(':') ? parseV6(bare.replace(/%[^%]+$/, '')) : undefined;
  return v6 === undefined ? undefined : { version: 6, value: v6 };
}

/** The address in its usual form: dotted IPv4, IPv6 in lower case with the longest zero run as `::`. */
export function formatIp(ip: IpAddress): string {
  if (ip.version === 4)
    return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 255n)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((ip.value >> BigInt(112 - 16 * i)) & 0xffffn));
  let best = { at: -1, length: 1 };
  for (let at = 0; at < 8; at += 1) {
    let length = 0;
    while (at + length < 8 && groups[at + length] === 0) length += 1;
    if (length > best.length) best = { at, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

/** Parses `address/prefix` (IPv4 or IPv6); host bits are cleared. Undefined when not a range. */
export function parseRange(text: string): IpRange | undefined {
  const match = /^([^/]+)\/(0|[1-9]\d{0,2})$/.exec(text);
  const ip = match ? parseIp(match[1] as string) : undefined;
  const prefix = Number(match?.[2]);
  if (ip === undefined || prefix > BITS[ip.version]) return undefined;
  return rangeOf(ip, prefix);
}

/** The range of `prefix` bits that holds `ip`. */
export function rangeOf(ip: IpAddress, prefix: number): IpRange {
  const host = BigInt(BITS[ip.version] - prefix);
  return { base: { version: ip.version, value: (ip.value >> host) << host }, prefix };
}

/** Whether `range` holds `ip` (never across versions). */
export function inRange(range: IpRange, ip: IpAddress): boolean {
  if (range.base.version !== ip.version) return false;
  return rangeOf(ip, range.prefix).base.value === range.base.value;
}

/** The IPv6 forms that carry an IPv4 address in their last 32 bits, by what a message calls them. */
const CARRIERS: Array<{ range: IpRange; form: string }> = [
  { range: parseRange('::ffff:0:0/96') as IpRange, form: 'an IPv4-mapped' },
  { range: parseRange('64:ff9b::/96') as IpRange, form: 'a NAT64' },
  { range: parseRange('::/96') as IpRange, form: 'an IPv4-compatible' },
];

/**
 * The IPv4 address an IPv6 address carries (`::ffff:a9fe:a9fe` → 169.254.169.254), with the name
 * of its form; undefined for IPv4 and for other IPv6 (`::` and `::1` carry none).
 */
export function embeddedIpv4(ip: IpAddress): { ipv4: IpAddress; form: string } | undefined {
  if (ip.version === 4 || ip.value <= 1n) return undefined;
  const carrier = CARRIERS.find(({ range }) => inRange(range, ip));
  return carrier && { ipv4: { version: 4, value: ip.value & 0xffffffffn }, form: carrier.form };
}
