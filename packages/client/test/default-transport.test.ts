/** Which upload transport the client picks when none is given, per runtime (its globals). */
import { describe, expect, it } from 'vitest';
import { xhrTransport } from '../src/index.js';
import { defaultTransport, emulatedDom, type TransportGlobals } from '../src/upload/default-transport.js';

class FakeXhr {}
const node = { versions: { node: '20.20.2' } };
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const fetchImpl = async () => new Response(null);

const runtimes: [string, TransportGlobals, 'xhr' | 'fetch'][] = [
  ['a browser', { XMLHttpRequest: FakeXhr, navigator: { userAgent: chrome } }, 'xhr'],
  [
    'jsdom on Node',
    {
      XMLHttpRequest: FakeXhr,
      process: node,
      navigator: { userAgent: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/29.0.1' },
    },
    'fetch',
  ],
  [
    'happy-dom on Node',
    {
      XMLHttpRequest: FakeXhr,
      process: node,
      navigator: {
        userAgent: 'Mozilla/5.0 (X11; Linux x64) AppleWebKit/537.36 (KHTML, like Gecko) HappyDOM/21.0.4',
      },
    },
    'fetch',
  ],
  [
    'jsdom told by its agent alone',
    { XMLHttpRequest: FakeXhr, navigator: { userAgent: 'x jsdom/20.0.0' } },
    'fetch',
  ],
  [
    'a DOM emulation with a browser-like agent, on Node',
    { XMLHttpRequest: FakeXhr, process: node, navigator: { userAgent: chrome } },
    'fetch',
  ],
  [
    "Electron's renderer (Node and a real Chromium)",
    {
      XMLHttpRequest: FakeXhr,
      process: { versions: { node: '22.0.0', electron: '35.0.0' } },
      navigator: { userAgent: chrome },
    },
    'xhr',
  ],
  [
    "a bundler's process shim in a browser",
    { XMLHttpRequest: FakeXhr, process: { versions: {} }, navigator: { userAgent: chrome } },
    'xhr',
  ],
  ['Node without a DOM', { process: node }, 'fetch'],
  [
    'a worker or edge runtime without XMLHttpRequest',
    { navigator: { userAgent: 'Cloudflare-Workers' } },
    'fetch',
  ],
];

describe('the default upload transport', () => {
  it.each(runtimes)('in %s is %s', (_name, globals, expected) => {
    const transport = defaultTransport(fetchImpl, globals);
    expect(transport === xhrTransport ? 'xhr' : 'fetch').toBe(expected);
  });

  it('reads the real globals by default: Node here, so fetch', () => {
    expect(emulatedDom(globalThis as TransportGlobals)).toBe(true);
    expect(defaultTransport(fetchImpl)).not.toBe(xhrTransport);
  });
});
