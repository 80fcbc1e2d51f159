/**
 * The allowed-hosts matcher (src/http/allowed-hosts.ts) over random host names: a listed name is
 * allowed whatever its case, port or trailing dot; `.domain` allows it and its subdomains and
 * nothing else; IP literals and localhost names are always allowed; `*` allows any; and entries
 * are taken only in the forms the option accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostAllowed, hostnameOf, hostPattern } from '../../src/http/allowed-hosts.js';

/** Registered-looking names (never localhost, never an IP literal). */
const name = fc.domain().filter((domain) => !/(^|\.)localhost$/.test(domain));
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
/** How a Host header may spell `host`: any case, a port, a trailing dot. */
const spelling = (host: string) =>
  fc
    .tuple(fc.array(fc.boolean(), { minLength: host.length, maxLength: host.length }), port, fc.boolean())
    .map(([upper, p, dot]) => {
      const cased = [...host].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join('');
      return `${cased}${dot ? '.' : ''}${p === undefined ? '' : `:${p}`}`;
    });
const ipv4 = fc.ipV4();
const ipv6 = fc.ipV6().map((address) => `[${address}]`);

const allowed = (host: string, entries: string[]) =>
  hostAllowed(
    hostnameOf(host),
    entries.map((entry) => hostPattern(entry) as string),
  );

describe('the allowed-hosts matcher', () => {
  it('allows a listed name, whatever the case, port and trailing dot of the Host', () => {
    fc.assert(
      fc.property(
        name.chain((host) => fc.tuple(fc.constant(host), spelling(host))),
        ([host, header]) => allowed(header, [host]),
      ),
    );
  });

  it('refuses a name that is not listed, nor under a listed .domain', () => {
    fc.assert(
      fc.property(name, name, (host, other) => {
        fc.pre(host !== other && !host.endsWith(`.${other}`));
        expect(allowed(host, [other, `.${other}`])).toBe(false);
        expect(allowed(host, [])).toBe(false);
      }),
    );
  });

  it('allows a .domain entry and its subdomains, not a name that merely ends like it', () => {
    fc.assert(
      fc.property(name, fc.domain(), (domain, sub) => {
        const label = sub.split('.')[0] as string;
        expect(allowed(domain, [`.${domain}`])).toBe(true);
        expect(allowed(`${sub}.${domain}`, [`.${domain}`])).toBe(true);
        expect(allowed(`${label}${domain}`, [`.${domain}`])).toBe(false);
      }),
    );
  });

  it('always allows IP literals, localhost names, and any name under *', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4, ipv6), port, name, (address, p, host) => {
        expect(allowed(p === undefined ? address : `${address}:${p}`, [])).toBe(true);
        expect(allowed(`${host.split('.')[0]}.localhost`, [])).toBe(true);
        expect(allowed(host, ['*'])).toBe(true);
      }),
    );
    expect(allowed('LOCALHOST.:4010', [])).toBe(true);
  });
});

describe('an entry of allowedHosts', () => {
  it.each([
    ['api.example.test', 'api.example.test'],
    ['API.Example.TEST.', 'api.example.test'],
    ['.example.test', '.example.test'],
    ['my_laptop', 'my_laptop'],
    ['192.168.1.20', '192.168.1.20'],
    ['[::1]', '[::1]'],
    ['*', '*'],
  ])('takes %s as %s', (entry, pattern) => {
    expect(hostPattern(entry)).toBe(pattern);
  });

  it.each([
    'http://example.test',
    'example.test:4010',
    'example.test/path',
    'exa mple.test',
    '.',
    '-bad.example',
    '[not-v6]',
    '*.example.test',
  ])('refuses %s (no scheme, port, path or wildcard label)', (entry) => {
    expect(hostPattern(entry)).toBeUndefined();
  });

  it('never throws on any text, and what it takes it takes again unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const pattern = hostPattern(text);
        if (pattern !== undefined) expect(hostPattern(pattern)).toBe(pattern);
      }),
    );
  });
});
