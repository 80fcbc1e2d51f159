/**
 * Options of `videoApiHandlers`: a bad one throws at once, before any handler exists, with one line
 * that names the option and what is accepted; good ones are normalised.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionError, type VideoApiHandlersOptions, videoApiHandlers } from '../../src/msw.js';

const made: { mock: { close(): Promise<void> } }[] = [];
const handlersOf = (options: VideoApiHandlersOptions) => {
  const served = videoApiHandlers(options);
  made.push(served);
  return served;
};
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(made.splice(0).map((served) => served.mock.close()));
});

/** The message `videoApiHandlers(options)` throws (an OptionError), or a failure when it does not. */
function refusal(options: unknown): string {
  try {
    handlersOf(options as VideoApiHandlersOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(OptionError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

const URL_RULE = /is not accepted \(.*an absolute http\(s\) URL without query or fragment/;

describe('a bad option throws at once, naming it and what is accepted', () => {
  it.each([
    ['missing', {}],
    ['empty', { baseUrl: '' }],
    ['not a URL', { baseUrl: 'api.example.test' }],
    ['not http(s)', { baseUrl: 'ftp://api.example.test/video' }],
    ['with a query', { baseUrl: 'https://api.example.test/video?v=1' }],
    ['with a bare ?', { baseUrl: 'https://api.example.test/video?' }],
    ['with a fragment', { baseUrl: 'https://api.example.test/video#top' }],
    ['with credentials', { baseUrl: 'https://user:secret@api.example.test' }],
    ['not a string', { baseUrl: new URL('https://api.example.test') }],
  ])('baseUrl %s', (_, options) => {
    expect(refusal(options)).toMatch(new RegExp(`^baseUrl: .*${URL_RULE.source}`));
  });

  it('baseUrl a path outside a page (no location to resolve it against)', () => {
    expect(refusal({ baseUrl: '/video' })).toBe(
      'baseUrl: "/video" is not accepted outside a page (there is no location to resolve a path against: give an absolute http(s) URL, e.g. https://api.example.test/video)',
    );
  });

  it('an unknown reading id, listing the accepted ids', () => {
    const message = refusal({ baseUrl: 'https://a.test', readings: { 'no-such-unknown': 'x' } });
    expect(message).toMatch(/^readings: .*no-such-unknown/);
    expect(message).toContain('custom-fields-omitted');
  });

  it('an unknown reading of a known id, listing its readings', () => {
    const message = refusal({ baseUrl: 'https://a.test', readings: { 'custom-fields-omitted': 'sideways' } });
    expect(message).toMatch(/^readings: .*sideways/);
    expect(message).toMatch(/merge.*replace/);
  });

  it('a misspelt option, with the one meant', () => {
    expect(refusal({ baseURL: 'https://a.test' })).toMatch(
      /^baseURL: not an option of videoApiHandlers \(did you mean baseUrl\? accepted: baseUrl, tokens, /,
    );
    expect(refusal({ baseUrl: 'https://a.test', procesingMs: 5 })).toMatch(
      /^procesingMs: not an option of videoApiHandlers \(accepted: .*processingMs/,
    );
  });

  it('dataDir, which needs the Node server', () => {
    expect(refusal({ baseUrl: 'https://a.test', dataDir: '.mock' })).toMatch(
      /^dataDir: not accepted by videoApiHandlers \(under msw videos and uploads live in memory/,
    );
  });

  it.each([
    ['streamingBase', { streamingBase: 'cdn.example.test' }, URL_RULE],
    ['processingMs', { processingMs: -1 }, /an integer >= 0/],
    ['memoryUploadBytes', { memoryUploadBytes: 0 }, /an integer >= 1/],
    ['tokens', { tokens: ['has space'] }, /token68 characters/],
    ['failureRate', { failureRate: 2 }, /a number from 0 to 1/],
  ])('%s, as createApp checks it', (name, options, accepted) => {
    const message = refusal({ baseUrl: 'https://a.test', ...options });
    expect(message.startsWith(`${name}: `)).toBe(true);
    expect(message).toMatch(accepted);
  });

  it('options that are not an object', () => {
    expect(refusal(undefined)).toMatch(/^videoApiHandlers: undefined is not accepted \(an options object/);
    expect(refusal('https://a.test')).toMatch(/^videoApiHandlers: https:\/\/a\.test is not accepted/);
  });
});

describe('a good baseUrl', () => {
  it.each([
    ['https://api.example.test', 'https://api.example.test'],
    ['https://api.example.test/', 'https://api.example.test'],
    ['https://API.Example.test:443/video/', 'https://api.example.test/video'],
    ['http://localhost:4010/a/b//', 'http://localhost:4010/a/b'],
    ['https://api.example.test/vidéo', 'https://api.example.test/vid%C3%A9o'],
  ])('%s is served as %s', (baseUrl, served) => {
    expect(handlersOf({ baseUrl }).baseUrl).toBe(served);
  });

  it("is a path in a page, resolved against the page's origin", () => {
    vi.stubGlobal('location', { href: 'http://localhost:6006/iframe.html?id=story' });
    expect(handlersOf({ baseUrl: '/video' }).baseUrl).toBe('http://localhost:6006/video');
    expect(handlersOf({ baseUrl: '/video', streamingBase: '/cdn' }).handlers).toHaveLength(2);
  });

  it('gives one handler, and one more for a streamingBase elsewhere', () => {
    expect(handlersOf({ baseUrl: 'https://a.test' }).handlers).toHaveLength(1);
    expect(handlersOf({ baseUrl: 'https://a.test', streamingBase: 'https://a.test/' }).handlers).toHaveLength(
      1,
    );
    expect(
      handlersOf({ baseUrl: 'https://a.test', streamingBase: 'https://cdn.a.test' }).handlers,
    ).toHaveLength(2);
  });
});
