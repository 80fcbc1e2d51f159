/**
 * The `allowWebhookTargets` option (`--allow-webhook-target`): host names, IP addresses and CIDR
 * ranges a webhook may be sent to although the target rules refuse them. Validated once, with a
 * message that says what is accepted. Pure, portable.
 */
import {
  embeddedIpv4,
  type IpAddress,
  type IpRange,
  inRange,
  parseIp,
  parseRange,
  rangeOf,
} from './ip-address.js';

/** The option's name, as the messages name it (the CLI turns `allowWebhookTargets:` into its flag). */
export const ALLOW_OPTION = 'allowWebhookTargets';
/** The CLI flag of the option. */
export const ALLOW_FLAG = '--allow-webhook-target';

/** What one entry may be, in words. */
const ACCEPTED_ALLOW_ENTRY =
  'a host name such as metadata.google.internal, an IP address such as 169.254.169.254 or fd00:ec2::254, or a CIDR range such as 169.254.0.0/16 or fe80::/10';

/** Parsed entries: names (lower case, no trailing dot) and ranges (an address is a range of one). */
export interface AllowList {
  names: ReadonlySet<string>;
  ranges: readonly IpRange[];
}

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A host name as compared: lower case, without brackets or a trailing dot. */
export function normalHost(host: string): string {
  const lower = host.toLowerCase();
  const bare = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
}

/** A host name a URL keeps as it is (not a number `new URL` would turn into an address). */
function hostName(entry: string): string | undefined {
  const name = normalHost(entry);
  if (name.length === 0 || name.length > 253 || !name.split('.').every((label) => LABEL.test(label)))
    return undefined;
  const parsed = URL.canParse(`http://${name}/`) ? new URL(`http://${name}/`).hostname : undefined;
  return parsed === name ? name : undefined;
}

/**
 * Parses the entries; throws a RangeError naming the first bad one and what is accepted.
 *
 * @example
 * parseAllowList(['169.254.169.254', 'fe80::/10', 'metadata.google.internal']);
 * parseAllowList(['http://x/']); // RangeError: allowWebhookTargets: "http://x/" is not accepted (a host name …)
 */
export function parseAllowList(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges: IpRange[] = [];
  for (const entry of entries) {
    const text = typeof entry === 'string' ? entry.trim() : '';
    const ip = parseIp(text);
    const range = ip ? rangeOf(ip, ip.version === 4 ? 32 : 128) : parseRange(text);
    const name = range ? undefined : hostName(text);
    if (range) ranges.push(range);
    else if (name) names.add(name);
    else {
      // A number a URL reads as an address (`0xa9fea9fe`, `2852039166`, `169.254.1`): say which.
      const numeric = /^[0-9a-fx.]+$/i.test(text) && URL.canParse(`http://${text}/`);
      const address = numeric ? new URL(`http://${text}/`).hostname : '';
      const written = parseIp(address) ? `; write it as ${address}` : '';
      throw new RangeError(
        `${ALLOW_OPTION}: ${JSON.stringify(entry)} is not accepted (${ACCEPTED_ALLOW_ENTRY}${written})`,
      );
    }
  }
  return { names, ranges };
}

/** Whether the list names `host` (a host name as a URL gives it). */
export function allowsName(allow: AllowList, host: string): boolean {
  return allow.names.has(normalHost(host));
}

/** Whether a range of the list holds `ip`, or the IPv4 address it carries. */
export function allowsAddress(allow: AllowList, ip: IpAddress): boolean {
  const carried = embeddedIpv4(ip)?.ipv4;
  return allow.ranges.some(
    (range) => inRange(range, ip) || (carried !== undefined && inRange(range, carried)),
  );
}
