/** The webhook target rules as a table: each refused range, name and form, what stays allowed, allow entries. */
import { describe, expect, it } from 'vitest';
import { parseAllowList } from '../../src/webhooks/allow-list.js';
import { formatIp, parseIp } from '../../src/webhooks/ip-address.js';
import {
  METADATA_ADDRESSES,
  METADATA_NAMES,
  refusalIn,
  resolvedRefusal,
  startTargetsProblem,
  targetRefusal,
  WebhookTargetRefused,
} from '../../src/webhooks/target-rules.js';

const none = parseAllowList([]);
const LINK = 'a link-local address (cloud metadata services answer there)';

describe('targets the rules refuse', () => {
  it('says which address, why, and the option that allows it', () => {
    expect(targetRefusal('http://169.254.169.254/latest/meta-data/', none)).toBe(
      'webhook target http://169.254.169.254/latest/meta-data/ is refused: 169.254.169.254 is a link-local address (cloud metadata services answer there); start the mock with --allow-webhook-target 169.254.169.254 (option allowWebhookTargets) to allow it',
    );
  });

  it.each([
    ['http://169.254.0.1/', '169.254.0.1', LINK],
    ['http://169.254.255.255:8080/x', '169.254.255.255', LINK],
    ['https://169.254.170.2/v2/credentials', '169.254.170.2', LINK],
    ['http://[fe80::1]/', 'fe80::1', LINK],
    ['http://[febf:ffff::1]/', 'febf:ffff::1', LINK],
    ['http://[FE80::A9FE:A9FE]/', 'fe80::a9fe:a9fe', LINK],
    [
      'http://100.100.100.200/latest/meta-data/',
      '100.100.100.200',
      'a cloud metadata address (Alibaba Cloud)',
    ],
    ['http://168.63.129.16/machine', '168.63.129.16', 'a cloud metadata address (Azure (the wireserver))'],
    [
      'http://[fd00:ec2::254]/latest/',
      'fd00:ec2::254',
      'a cloud metadata address (AWS (instance metadata over IPv6))',
    ],
    // IPv6 forms that carry a refused IPv4 address.
    [
      'http://[::ffff:169.254.169.254]/',
      '::ffff:a9fe:a9fe',
      `an IPv4-mapped form of 169.254.169.254, ${LINK}`,
    ],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe', `an IPv4-mapped form of 169.254.169.254, ${LINK}`],
    ['http://[::169.254.169.254]/', '::a9fe:a9fe', `an IPv4-compatible form of 169.254.169.254, ${LINK}`],
    ['http://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe', `a NAT64 form of 169.254.169.254, ${LINK}`],
    [
      'http://[::ffff:100.100.100.200]/',
      '::ffff:6464:64c8',
      'an IPv4-mapped form of 100.100.100.200, a cloud metadata address (Alibaba Cloud)',
    ],
    // Numeric forms WHATWG URL turns into 169.254.169.254.
    ['http://2852039166/', '169.254.169.254', LINK],
    ['http://0xa9fea9fe/', '169.254.169.254', LINK],
    ['http://0251.0376.0251.0376/', '169.254.169.254', LINK],
    ['http://169.254.43518/', '169.254.169.254', LINK],
    ['http://169.254.169.254./', '169.254.169.254', LINK],
  ])('%s: %s is %s', (url, address, why) => {
    const message = targetRefusal(url, none);
    expect(message).toBe(
      `webhook target ${url} is refused: ${address} is ${why}; start the mock with --allow-webhook-target ${address} (option allowWebhookTargets) to allow it`,
    );
  });

  it.each([
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal'],
    ['http://METADATA.Google.Internal./', 'metadata.google.internal'],
    ['http://metadata.goog/', 'metadata.goog'],
    ['http://metadata/', 'metadata'],
    ['http://metadata./', 'metadata'],
    ['http://instance-data/latest/', 'instance-data'],
    ['https://Instance-Data.EC2.Internal/', 'instance-data.ec2.internal'],
  ])('%s: the metadata name %s, whatever its case, with or without a trailing dot', (url, name) => {
    expect(targetRefusal(url, none)).toBe(
      `webhook target ${url} is refused: ${name} is a cloud metadata name (${METADATA_NAMES[name]}); start the mock with --allow-webhook-target ${name} (option allowWebhookTargets) to allow it`,
    );
  });

  it('refuses every listed metadata address and name (one list, in the README too)', () => {
    for (const address of Object.keys(METADATA_ADDRESSES)) {
      const host = address.includes(':') ? `[${address}]` : address;
      expect(targetRefusal(`http://${host}/`, none)).toContain(`${address} is a cloud metadata address`);
    }
    for (const name of Object.keys(METADATA_NAMES))
      expect(targetRefusal(`http://${name}/`, none)).toContain(`${name} is a cloud metadata name`);
  });
});

describe('targets that stay allowed', () => {
  it.each([
    'http://127.0.0.1:9000/hooks',
    'http://localhost:3000/hooks',
    'http://[::1]:9000/',
    'http://10.0.0.5/',
    'http://172.17.0.1/',
    'http://192.168.1.10/',
    'http://[fd00::1]/',
    'http://[fec0::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.253.255.255/',
    'http://169.255.0.0/',
    'http://100.100.100.201/',
    'https://hooks.example.com/in',
    'http://metadata.example.com/',
    'http://host.docker.internal/',
  ])('%s', (url) => {
    expect(targetRefusal(url, none)).toBeUndefined();
  });
});

describe('a name resolved to an address (registration, and every connection in Node)', () => {
  it('names the name, the address, why, and both entries that would allow it', () => {
    expect(resolvedRefusal('http://evil-rebind.test:8080/', '169.254.169.254', none)).toBe(
      `webhook target http://evil-rebind.test:8080/ is refused: evil-rebind.test resolves to 169.254.169.254, ${LINK}; start the mock with --allow-webhook-target 169.254.169.254 (or evil-rebind.test) (option allowWebhookTargets) to allow it`,
    );
    expect(resolvedRefusal('http://evil.test/', 'fe80::1%eth0', none)).toContain(
      'evil.test resolves to fe80::1, a link-local address',
    );
  });

  it('lets through allowed addresses, and names or addresses the allow list names', () => {
    expect(resolvedRefusal('http://hooks.test/', '127.0.0.1', none)).toBeUndefined();
    expect(
      resolvedRefusal('http://hooks.test/', '169.254.1.1', parseAllowList(['hooks.test'])),
    ).toBeUndefined();
    expect(
      resolvedRefusal('http://hooks.test/', '169.254.1.1', parseAllowList(['169.254.1.0/24'])),
    ).toBeUndefined();
    expect(
      resolvedRefusal('http://hooks.test/', '169.254.2.1', parseAllowList(['169.254.1.0/24'])),
    ).toContain('hooks.test resolves to 169.254.2.1');
  });
});

describe('allowWebhookTargets entries', () => {
  it.each([
    ['169.254.169.254', 'http://169.254.169.254/latest/'],
    ['169.254.169.254', 'http://[::ffff:a9fe:a9fe]/'],
    ['169.254.0.0/16', 'http://169.254.7.7/'],
    ['169.254.169.0/24', 'http://2852039166/'],
    ['fe80::/10', 'http://[fe80::1234]/'],
    ['[fe80::1]', 'http://[fe80::1]/'],
    ['fd00:ec2::254', 'http://[fd00:ec2::254]/'],
    ['Metadata.Google.Internal.', 'http://metadata.google.internal/'],
    ['metadata', 'http://METADATA./'],
    ['0.0.0.0/0', 'http://100.100.100.200/'],
    ['::/0', 'http://[fe80::1]/'],
  ])('%s allows %s', (entry, url) => {
    expect(targetRefusal(url, none)).toBeDefined();
    expect(targetRefusal(url, parseAllowList([entry]))).toBeUndefined();
  });

  it.each([
    ['169.254.169.253', 'http://169.254.169.254/'],
    ['169.254.1.0/24', 'http://169.254.2.1/'],
    ['metadata.google.internal', 'http://metadata.goog/'],
    ['::/0', 'http://169.254.169.254/'],
  ])('%s does not allow %s', (entry, url) => {
    expect(targetRefusal(url, parseAllowList([entry]))).toBeDefined();
  });

  it.each([
    ['http://169.254.169.254/', ''],
    ['169.254.0.0/33', ''],
    ['fe80::/129', ''],
    ['169.254.1', '; write it as 169.254.0.1'],
    ['a b', ''],
    ['under_score..dots', ''],
    ['', ''],
    ['0xa9fea9fe', '; write it as 169.254.169.254'],
    ['2852039166', '; write it as 169.254.169.254'],
  ])('refuses %j with what is accepted', (entry, hint) => {
    expect(() => parseAllowList([entry])).toThrow(
      `allowWebhookTargets: ${JSON.stringify(entry)} is not accepted (a host name such as metadata.google.internal, an IP address such as 169.254.169.254 or fd00:ec2::254, or a CIDR range such as 169.254.0.0/16 or fe80::/10${hint})`,
    );
  });

  it('clears the host bits of a range and keeps one address as a range of one', () => {
    const { ranges, names } = parseAllowList(['169.254.169.254/16', 'fe80::1', 'hooks.test.']);
    expect(ranges.map((r) => `${formatIp(r.base)}/${r.prefix}`)).toEqual(['169.254.0.0/16', 'fe80::1/128']);
    expect([...names]).toEqual(['hooks.test']);
  });
});

describe('the start options and errors', () => {
  it('names the option of a refused start target, or of a bad allow entry', () => {
    expect(startTargetsProblem(['http://127.0.0.1:9/'], [])).toBeUndefined();
    expect(startTargetsProblem(['http://metadata/'], [])).toMatch(
      /^webhooks: webhook target http:\/\/metadata\/ is refused/,
    );
    expect(startTargetsProblem(['http://metadata/'], ['metadata'])).toBeUndefined();
    expect(startTargetsProblem([], ['x/y'])).toMatch(/^allowWebhookTargets: "x\/y" is not accepted/);
  });

  it('finds a refusal in an error or its causes, and nothing else', () => {
    const refused = new WebhookTargetRefused('webhook target x is refused: y');
    expect(refusalIn(refused)).toBe('webhook target x is refused: y');
    expect(refusalIn(new TypeError('fetch failed', { cause: refused }))).toBe(refused.message);
    expect(refusalIn(new Error('ECONNREFUSED'))).toBeUndefined();
    expect(refusalIn(undefined)).toBeUndefined();
  });

  it('parses and prints addresses both ways', () => {
    for (const text of [
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      '1:2:3:4:5:6:7:8',
      '1::8',
      'fd00:ec2::254',
    ])
      expect(formatIp(parseIp(text) as NonNullable<ReturnType<typeof parseIp>>)).toBe(text);
    for (const text of [
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '256.1.1.1',
      '01.1.1.1',
      'a.b.c.d',
      '::g',
      '1:2:3:4:5:6:7',
    ])
      expect(parseIp(text)).toBeUndefined();
  });
});
