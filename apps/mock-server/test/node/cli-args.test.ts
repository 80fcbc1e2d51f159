import { describe, expect, it } from 'vitest';
import { parseBytes, parseCliArgs } from '../../src/node/cli/cli-args.js';
import { createApp } from '../../src/node/index.js';

describe('CLI flags', () => {
  it('writes pretty log lines to a terminal and JSON lines elsewhere, unless --log-format says', () => {
    expect(parseCliArgs([], true).options.logFormat).toBe('pretty');
    expect(parseCliArgs([], false).options.logFormat).toBe('json');
    expect(parseCliArgs(['--log-format', 'json'], true).options.logFormat).toBe('json');
    expect(() => parseCliArgs(['--log-format', 'yaml'])).toThrow(
      '--log-format: "yaml" is not accepted (one of json, pretty)',
    );
  });

  it('maps every flag onto its option', () => {
    const { options } = parseCliArgs([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--token',
      'a',
      '--token',
      'b',
      '--data-dir',
      'd',
      '--streaming-base',
      'https://cdn.example.test',
      '--processing-ms',
      '50',
      '--reading',
      'custom-fields-omitted=replace',
      '--reading',
      'status-codes=semantic',
      '--seed',
      '9',
      '--failure-rate',
      '0.5',
      '--max-upload-bytes',
      '2MiB',
      '--log-level',
      'debug',
      '--log-format',
      'pretty',
      '--webhook',
      'http://127.0.0.1:9/hook',
      '--webhook-secret',
      's',
      '--admin-token',
      'adm',
      '--no-admin',
      '--cors-origin',
      'http://app.example.test',
      '--admin-cors-origin',
      'http://console.example.test',
      '--allowed-host',
      'mock.example.test',
      '--allowed-host',
      '.corp.test',
      '--allow-webhook-target',
      '169.254.0.0/16',
      '--max-sandboxes',
      '4',
      '--transcode',
      'off',
      '--transcode-concurrency',
      '2',
    ]);
    expect(options).toEqual({
      port: 0,
      host: '0.0.0.0',
      tokens: ['a', 'b'],
      dataDir: 'd',
      streamingBase: 'https://cdn.example.test',
      processingMs: 50,
      readings: { 'custom-fields-omitted': 'replace', 'status-codes': 'semantic' },
      seed: 9,
      failureRate: 0.5,
      maxUploadBytes: 2 * 1024 * 1024,
      logLevel: 'debug',
      logFormat: 'pretty',
      webhooks: ['http://127.0.0.1:9/hook'],
      webhookSecret: 's',
      adminToken: 'adm',
      admin: false,
      corsOrigins: ['http://app.example.test'],
      adminCorsOrigins: ['http://console.example.test'],
      allowedHosts: ['mock.example.test', '.corp.test'],
      allowWebhookTargets: ['169.254.0.0/16'],
      maxSandboxes: 4,
      transcode: 'off',
      transcodeConcurrency: 2,
    });
    expect(parseCliArgs([]).options.transcode).toBe('auto'); // the CLI transcodes when ffmpeg is there
  });

  it('closes with its parent unless --outlive-parent', () => {
    expect(parseCliArgs([]).outliveParent).toBe(false);
    expect(parseCliArgs(['--outlive-parent']).outliveParent).toBe(true);
    expect(() => parseCliArgs(['--outlive-parent=yes'])).toThrow(/outlive-parent/);
  });

  it('accepts --readings random with a seed, and the same seed draws the same readings', async () => {
    const { options } = parseCliArgs(['--readings', 'random', '--seed', '42']);
    expect(options).toMatchObject({ readings: 'random', seed: 42 });
    const a = createApp({ ...options, logLevel: 'silent' });
    const b = createApp({ ...options, logLevel: 'silent' });
    expect(await a.mock.getReadings()).toEqual(await b.mock.getReadings());
    void a.mock.close();
    void b.mock.close();
  });

  it.each([
    [['--port', 'abc'], '--port: "abc" is not accepted (an integer >= 0)'],
    [['--port', '70000'], '--port: "70000" is not accepted (0 to 65535)'],
    [['--reading', 'nope=x'], 'unknown id "nope"'],
    [
      ['--reading', 'custom-fields-omitted=keep'],
      'unknown reading "keep" for custom-fields-omitted (accepted: merge, replace)',
    ],
    [['--reading', 'no-equals-sign'], 'is not of the form id=reading'],
    [['--readings', 'all'], '--readings: "all" is not accepted'],
    [
      ['--log-level', 'loud'],
      '--log-level: "loud" is not accepted (one of silent, error, warn, info, debug)',
    ],
    [['--max-upload-bytes', '5 parsecs'], '--max-upload-bytes: "5 parsecs" is not accepted'],
    [['--failure-rate', '2'], '--failure-rate: "2" is not accepted (a number from 0 to 1)'],
    [['--max-sandboxes', '-1'], '--max-sandboxes: "-1" is not accepted (an integer >= 0)'],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
  ])('refuses %j with one clear line', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it.each([
    ['1048576', 1048576],
    ['512MiB', 512 * 1024 ** 2],
    ['5GiB', 5 * 1024 ** 3],
    ['10kb', 10_000],
  ])('reads %s as %d bytes', (text, bytes) => {
    expect(parseBytes('max-upload-bytes', text)).toBe(bytes);
  });
});

describe('createApp options', () => {
  it.each([
    [{ processingMs: -1 }, 'processingMs: -1 is not accepted (an integer >= 0)'],
    [{ streamingBase: 'not a url' }, 'streamingBase: "not a url" is not accepted (an absolute http(s) URL)'],
    [{ tokens: ['has space'] }, 'tokens: "has space" is not accepted'],
    [
      { readings: { 'status-codes': 'some' } },
      'unknown reading "some" for status-codes (accepted: all-200, semantic)',
    ],
    [{ failureRate: 3 }, 'failureRate: 3 is not accepted (a number from 0 to 1)'],
  ])('refuses %j', (options, message) => {
    expect(() => createApp(options as never)).toThrow(message);
  });
});
