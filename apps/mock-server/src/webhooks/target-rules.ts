/**
 * Which webhook targets the mock refuses, so that no one can aim it inward (design §3 "Safe to
 * leave running"): link-local addresses (169.254.0.0/16, fe80::/10: every cloud's metadata service
 * answers at 169.254.169.254), the other known cloud metadata addresses and names, and the IPv6
 * forms that carry such an IPv4 address (`::ffff:169.254.169.254`, `::ffff:a9fe:a9fe`). Hosts are
 * read as WHATWG `new URL(…).hostname` gives them, so `http://2852039166/` and `http://0xa9fea9fe/`
 * are 169.254.169.254. Localhost, loopback and private ranges stay allowed: they are the usual
 * receiver (a test's server, a docker network). An entry of `allowWebhookTargets` that names the
 * host or holds the address allows it. Pure and portable: the Node platform applies the same
 * rules to every address a name resolves to, at connect time (src/node/webhooks/webhook-fetch.ts).
 */
import {
  ALLOW_FLAG,
  ALLOW_OPTION,
  type AllowList,
  allowsAddress,
  allowsName,
  normalHost,
  parseAllowList,
} from './allow-list.js';
import { embeddedIpv4, formatIp, type IpAddress, inRange, parseIp, parseRange } from './ip-address.js';

/** Why link-local addresses are refused, as a message says it. */
const LINK_LOCAL = 'a link-local address (cloud metadata services answer there)';

/** Link-local ranges. */
export const LINK_LOCAL_RANGES = ['169.254.0.0/16', 'fe80::/10'] as const;

/** Cloud metadata addresses outside the link-local ranges, and whose they are. */
export const METADATA_ADDRESSES: Readonly<Record<string, string>> = {
  '100.100.100.200': 'Alibaba Cloud',
  '168.63.129.16': 'Azure (the wireserver)',
  'fd00:ec2::254': 'AWS (instance metadata over IPv6)',
  'fd20:ce::254': 'Google Cloud (metadata over IPv6)',
};

/** Cloud metadata host names (compared in lower case, a trailing dot ignored), and whose they are. */
export const METADATA_NAMES: Readonly<Record<string, string>> = {
  'metadata.google.internal': 'Google Cloud',
  'metadata.goog': 'Google Cloud',
  metadata: 'Google Cloud and others (a short name of the metadata service)',
  'instance-data': 'AWS',
  'instance-data.ec2.internal': 'AWS',
};

const LINK_LOCAL_PARSED = LINK_LOCAL_RANGES.map((range) => parseRange(range));
const METADATA_PARSED = Object.entries(METADATA_ADDRESSES).map(
  ([address, cloud]) => [parseIp(address) as IpAddress, cloud] as const,
);

/** What a refused address is, e.g. `a link-local address (…)`; undefined when it is not refused. */
function addressKind(ip: IpAddress): string | undefined {
  if (LINK_LOCAL_PARSED.some((range) => range !== undefined && inRange(range, ip))) return LINK_LOCAL;
  const metadata = METADATA_PARSED.find(
    ([known]) => known.version === ip.version && known.value === ip.value,
  );
  if (metadata) return `a cloud metadata address (${metadata[1]})`;
  const carried = embeddedIpv4(ip);
  const kind = carried && addressKind(carried.ipv4);
  return carried && kind ? `${carried.form} form of ${formatIp(carried.ipv4)}, ${kind}` : undefined;
}

/** Why an address is refused (`169.254.169.254 is a link-local address (…)`), or undefined. */
function addressRefusal(address: string, allow: AllowList): string | undefined {
  const ip = parseIp(address);
  const kind = ip && !allowsAddress(allow, ip) ? addressKind(ip) : undefined;
  return kind && `${formatIp(ip as IpAddress)} is ${kind}`;
}

/** The end of every refusal: the option that allows it. */
function howToAllow(entries: string[]): string {
  const [first, ...rest] = entries;
  const or = rest.length > 0 ? ` (or ${rest.join(', ')})` : '';
  return `start the mock with ${ALLOW_FLAG} ${first}${or} (option ${ALLOW_OPTION}) to allow it`;
}

/**
 * Why the target `url` is refused by its host alone (a literal address or a known name), or
 * undefined: a name is checked again, address by address, where the platform resolves it.
 *
 * @example
 * targetRefusal('http://2852039166/', parseAllowList([]));
 * // 'webhook target http://2852039166/ is refused: 169.254.169.254 is a link-local address (cloud
 * //  metadata services answer there); start the mock with --allow-webhook-target 169.254.169.254 …'
 */
export function targetRefusal(url: string, allow: AllowList): string | undefined {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  const name = normalHost(host);
  if (host === '' || allowsName(allow, host)) return undefined;
  const ip = parseIp(host);
  if (ip) {
    const why = addressRefusal(host, allow);
    return why && `webhook target ${url} is refused: ${why}; ${howToAllow([formatIp(ip)])}`;
  }
  const cloud = METADATA_NAMES[name];
  return (
    cloud &&
    `webhook target ${url} is refused: ${name} is a cloud metadata name (${cloud}); ${howToAllow([name])}`
  );
}

/**
 * Why the target `url` is refused given one address its name resolved to, or undefined: the
 * check of a registration and of every connection (no rebinding between the two).
 *
 * @example
 * resolvedRefusal('http://evil.test/', '169.254.169.254', parseAllowList([]));
 * // 'webhook target http://evil.test/ is refused: evil.test resolves to 169.254.169.254, a link-local address …'
 */
export function resolvedRefusal(url: string, address: string, allow: AllowList): string | undefined {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  if (allowsName(allow, host)) return undefined;
  const why = addressRefusal(address, allow);
  if (why === undefined) return targetRefusal(url, allow);
  const [shown, kind] = [why.slice(0, why.indexOf(' is ')), why.slice(why.indexOf(' is ') + 4)];
  const name = normalHost(host);
  if (shown === name) return `webhook target ${url} is refused: ${why}; ${howToAllow([shown])}`;
  return `webhook target ${url} is refused: ${name} resolves to ${shown}, ${kind}; ${howToAllow([shown, name])}`;
}

/** A delivery or registration refused by the target rules: not a network hiccup, never retried. */
export class WebhookTargetRefused extends Error {
  override name = 'WebhookTargetRefused';
  readonly code = 'ERR_WEBHOOK_TARGET_REFUSED';
}

/**
 * The message of the target rules' refusal in `error` or a cause of it (a few levels deep), or
 * undefined: only the rules' words, nothing of a connection (none was made).
 */
export function refusalIn(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === 'ERR_WEBHOOK_TARGET_REFUSED') return String(message);
    current = cause;
  }
  return undefined;
}

/**
 * The first problem of the start options, in their terms (`allowWebhookTargets: …`, `webhooks:
 * …`), or undefined: a bad allow entry, or a `webhooks` target the rules refuse by its host.
 *
 * @example
 * startTargetsProblem(['http://169.254.169.254/'], []); // 'webhooks: webhook target http://169.254.169.254/ is refused: …'
 */
export function startTargetsProblem(
  urls: readonly string[],
  allowEntries: readonly string[],
): string | undefined {
  let allow: AllowList;
  try {
    allow = parseAllowList(allowEntries);
  } catch (error) {
    return (error as Error).message;
  }
  for (const url of urls) {
    const refused = targetRefusal(url, allow);
    if (refused) return `webhooks: ${refused}`;
  }
  return undefined;
}
