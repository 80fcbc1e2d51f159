/** The command line: options parsed with what they accept, and bad usage answered with exit code 2. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../src/cli/args.js';
import { main } from '../src/cli/main.js';
import { inProcessTarget, MockUnavailable } from '../src/cli/targets.js';

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
        '--request-timeout',
        '500',
        '--webhooks',
        'off',
        '--json',
        '--profile',
        'safe',
        '--only',
        '§4.4,round-trip',
        '--skip',
        'probe',
        '--max-wait',
        '0',
        '--max-videos',
        '7',
        '--poll-interval',
        '20',
        '--max-poll-interval',
        '200',
        '--heartbeat',
        '300',
        '--burst-requests',
        '5',
        '--create-limit-probe-size',
        '3',
        '--field-length-probe-size',
        '40',
        '--declared-upload-bytes',
        '1073741824',
        '--sequence-videos',
        '2',
        '--reporter',
        'json-lines',
        '--insecure',
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
      requestTimeoutMs: 500,
      readings: {},
      webhooks: 'off',
      json: true,
      help: false,
      profile: 'safe',
      only: ['§4.4', 'round-trip'],
      skip: ['probe'],
      list: false,
      reporter: 'json-lines',
      insecure: true,
      tuning: {
        maxWaitMs: 0,
        maxVideos: 7,
        pollIntervalMs: 20,
        maxPollIntervalMs: 200,
        heartbeatMs: 300,
        rateLimitProbeRequests: 5,
        createLimitProbeSize: 3,
        fieldLengthProbeSize: 40,
        declaredUploadBytes: 2 ** 30,
        sequenceVideos: 2,
      },
    });
  });

  it.each([
    [['--profile', 'fast'], '--profile: "fast" is not safe or full'],
    [['--only', 'nothing-like-this'], '--only: "nothing-like-this" selects no check or probe'],
    [['--skip', '§9'], '--skip: "§9" selects no check or probe'],
    [['--reporter', 'tap'], '--reporter: "tap" is not summary or json-lines'],
    [
      ['--profile', 'safe', '--declared-upload-bytes', '1073741825'],
      'the safe profile never declares more than 1 GiB',
    ],
    [['--ca', 'a.pem', '--insecure'], '--ca and --insecure exclude each other'],
    [['--max-videos', '-1'], '--max-videos: "-1" is not an integer ≥ 0'],
  ])('refuses %j as bad usage, saying what is accepted', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(message);
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
    [['--seed', '2147483648'], '--seed: "2147483648" is not an integer from -2147483648 to 2147483647'],
    [['--seed', '1.5'], '--seed: "1.5" is not an integer'],
    [['--request-timeout', '0'], '--request-timeout: "0" is not an integer ≥ 1'],
    [['--reading', 'foo=bar'], '--reading: unknown id "foo" (accepted ids: status-codes,'],
    [
      ['--reading', 'status-codes=bogus'],
      '--reading: unknown reading "bogus" for status-codes (accepted: all-200, semantic)',
    ],
    [
      ['--reading', 'custom-fields-omitted'],
      '--reading: "custom-fields-omitted" is not of the form ID=READING',
    ],
    [['--webhooks', 'maybe'], '--webhooks: "maybe" is not auto or off'],
    [['--upload-base-url', 'http://x'], '--upload-base-url needs --base-url'],
    [
      ['--base-url', 'http://x', '--reading', 'custom-fields-omitted=merge'],
      '--reading only applies to the in-process mock',
    ],
    [['--colour'], "Unknown option '--colour'"],
    [
      ['--reading', 'status-codes=all-200', '--reading', 'status-codes=semantic'],
      '--reading: status-codes is given twice, as all-200 and as semantic (give one reading per id)',
    ],
    [
      ['--base-url', 'http://x', '--token', 't', '--other-token', 't'],
      '--other-token is the same as --token; give a token of another account',
    ],
  ])('rejects %j with a message that says what is wrong', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });

  it.each([
    [['--seed', '-1655081510'], -1655081510],
    [['--seed=-5'], -5],
    [['--seed', '0'], 0],
  ])('accepts the seeds fast-check prints: %j', (argv, seed) => {
    expect(parseCliArgs(argv, {}).seed).toBe(seed);
  });
});

describe('main: bad usage exits 2', () => {
  const quiet = () => {
    const err: string[] = [];
    return { err, io: { stdout: () => {}, stderr: (t: string) => err.push(t), env: {} } };
  };

  it.each([
    [['--reading', 'foo=bar'], 'unknown id "foo"'],
    [['--reading', 'status-codes=bogus'], 'unknown reading "bogus" for status-codes'],
  ])('%j', async (argv, message) => {
    const { err, io } = quiet();
    expect(await main(argv, io)).toBe(2);
    expect(err.join('\n')).toContain(message);
  });

  it('--other-token equal to VIDEO_API_TOKEN is refused too', () => {
    expect(() => parseCliArgs(['--other-token', 'env'], { VIDEO_API_TOKEN: 'env' })).toThrow(
      '--other-token is the same as --token',
    );
  });

  it('the same reading given twice is one reading', () => {
    const argv = ['--reading', 'status-codes=semantic', '--reading', 'status-codes=semantic'];
    expect(parseCliArgs(argv, {}).readings).toEqual({ 'status-codes': 'semantic' });
  });

  it('--report naming an existing file is refused before the run', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'contract-report-')), 'afile');
    await writeFile(file, 'x');
    const { err, io } = quiet();
    const started = Date.now();
    expect(await main(['--report', file], io)).toBe(2);
    expect(err.join('\n')).toContain(`--report: "${file}" is a file; give a folder`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an in-process mock that refuses its options is a usage error, not a crash', async () => {
    await expect(inProcessTarget({ projectKey: 'p', readings: { 'status-codes': 'bogus' } })).rejects.toThrow(
      MockUnavailable,
    );
  });
});
