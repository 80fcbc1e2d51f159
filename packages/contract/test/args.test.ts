import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../src/cli/args.js';

describe('parseCliArgs', () => {
  it('reads every option', () => {
    const args = parseCliArgs(
      [
        '--',
        '--base-url',
        'http://localhost:4010/',
        '--upload-base-url',
        'http://127.0.0.1:4011',
        '--token',
        't',
        '--other-token',
        'o',
        '--project',
        'demo',
        '--report',
        'out',
        '--runs',
        '5',
        '--seed',
        '42',
        '--ready-timeout',
        '1000',
        '--webhooks',
        'off',
        '--json',
      ],
      {},
    );
    expect(args).toEqual({
      baseUrl: 'http://localhost:4010',
      uploadBaseUrl: 'http://127.0.0.1:4011',
      token: 't',
      otherToken: 'o',
      project: 'demo',
      reportDir: 'out',
      runs: 5,
      seed: 42,
      readyTimeoutMs: 1000,
      readings: {},
      webhooks: 'off',
      json: true,
      help: false,
    });
  });

  it('takes the token from VIDEO_API_TOKEN and defaults to the in-process mock', () => {
    const args = parseCliArgs(['--reading', 'custom-fields-omitted=replace'], { VIDEO_API_TOKEN: 'env' });
    expect(args).toMatchObject({
      token: 'env',
      project: 'contract',
      readings: { 'custom-fields-omitted': 'replace' },
    });
    expect(args.baseUrl).toBeUndefined();
  });

  it.each([
    [['--base-url', 'localhost:4010'], '--base-url: "localhost:4010" is not an http(s) URL'],
    [['--base-url', 'ftp://x'], 'is not an http(s) URL'],
    [['--runs', '0'], '--runs: "0" is not an integer ≥ 1'],
    [['--seed', 'abc'], '--seed: "abc" is not an integer'],
    [['--reading', 'custom-fields-omitted'], '--reading: "custom-fields-omitted" is not ID=READING'],
    [['--webhooks', 'maybe'], '--webhooks: "maybe" is not auto or off'],
    [['--upload-base-url', 'http://x'], '--upload-base-url needs --base-url'],
    [['--base-url', 'http://x', '--reading', 'a=b'], '--reading only applies to the in-process mock'],
    [['--colour'], "Unknown option '--colour'"],
  ])('rejects %j with a message that says what is wrong', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });
});
