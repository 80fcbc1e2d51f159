/**
 * `video-api-mock --readings-from FILE` given bad input: exit code 2, one line on stderr naming the
 * file, what was wrong and what is accepted, and nothing written (no output, no data folder).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idsWithReadings } from '@video-api/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/node/cli/cli-args.js';
import { describeTwin } from '../../src/node/cli/readings-from.js';
import { runCli } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mock-readings-from-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const report = (observations: object[]) => JSON.stringify({ checks: [], observations });

async function run(args: string[]) {
  const cli = runCli(['--port', '0', ...args]);
  const code = await cli.closed;
  return { code, ...cli.output() };
}

const ACCEPTED_FILE = '(accepted: a report.json written by video-api-contract --report DIR)';
const missing = join(dir, 'missing.json');
const folder = join(dir, 'a-folder');
mkdirSync(folder);

const cases: Array<[string, () => string, string | RegExp]> = [
  ['a missing file', () => missing, `"${missing}": no such file ${ACCEPTED_FILE}`],
  ['a folder', () => folder, `"${folder}": a folder, not a file ${ACCEPTED_FILE}`],
  [
    'a file that is not JSON',
    () => file('report.md', '# Contract report\n'),
    /": not JSON \(Unexpected token .*; accepted: a report\.json written by video-api-contract --report DIR\)$/,
  ],
  [
    'a JSON file that is not a contract report',
    () => file('package.json', '{"name":"app","version":"1.0.0"}'),
    /": not a contract report \(\/checks: expected array, received undefined; accepted: the report\.json of a contract run: /,
  ],
  [
    'a report with an id this spec does not have',
    () =>
      file(
        'unknown-id.json',
        report([{ id: 'custom-fields-sorted', verdict: 'observed', reading: 'merge' }]),
      ),
    /": \/observations\/0: unknown id "custom-fields-sorted" \(accepted ids: status-codes, .*custom-field-null.*\)$/,
  ],
  [
    'a report with a reading this spec does not have',
    () =>
      file(
        'unknown-reading.json',
        report([{ id: 'error-codes', verdict: 'observed', reading: 'validation-418' }]),
      ),
    /": \/observations\/0: unknown reading "validation-418" for error-codes \(accepted: validation-400, validation-422, other\)$/,
  ],
];
if (process.getuid?.() !== 0) {
  // root reads any file, so an unreadable one can only be made for another user
  cases.push([
    'an unreadable file',
    () => {
      const path = file('locked.json', report([]));
      chmodSync(path, 0o000);
      return path;
    },
    `: not readable by this user ${ACCEPTED_FILE}`,
  ]);
}

describe('video-api-mock --readings-from with bad input', () => {
  it.each(cases)(
    '%s: exit 2, one line naming the file and what is accepted, nothing written',
    async (_, make, message) => {
      const path = make();
      const dataDir = join(dir, `state-${Math.random().toString(36).slice(2)}`);
      const { code, stdout, stderr } = await run(['--data-dir', dataDir, '--readings-from', path]);
      expect(code).toBe(2);
      const lines = stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`video-api-mock: --readings-from ${JSON.stringify(path)}: `);
      if (typeof message === 'string') expect(lines[0]).toContain(message);
      else expect(lines[0]).toMatch(message);
      expect(stdout).toBe('');
      expect(existsSync(dataDir)).toBe(false);
    },
  );

  it('refuses --readings-from beside --readings random, in one line', async () => {
    const path = file('fine.json', report([]));
    const { code, stdout, stderr } = await run(['--readings', 'random', '--readings-from', path]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'video-api-mock: --readings-from: not accepted together with --readings random (choose one)\n',
    );
    expect(stdout).toBe('');
  });
});

describe('parseCliArgs --readings-from', () => {
  it('reads the report into the readingsFrom option and keeps the file name', () => {
    const path = file(
      'ok.json',
      report([{ id: 'custom-fields-omitted', verdict: 'observed', reading: 'replace' }]),
    );
    const parsed = parseCliArgs(['--readings-from', path, '--reading', 'error-codes=validation-422']);
    expect(parsed.readingsFrom).toBe(path);
    expect(parsed.options.readingsFrom?.observations).toEqual([
      { id: 'custom-fields-omitted', verdict: 'observed', reading: 'replace' },
    ]);
    expect(parsed.options.readings).toEqual({ 'error-codes': 'validation-422' });
  });
});

describe('describeTwin', () => {
  it('says for each unknown the reading played and whether it comes from the report, a --reading or the default, and why', () => {
    const twin = {
      checks: [],
      observations: [
        { id: 'custom-fields-omitted', verdict: 'observed', reading: 'replace' },
        { id: 'error-codes', verdict: 'observed', reading: 'validation-422' },
        { id: 'video-states', verdict: 'observed', reading: 'other' },
        { id: 'auth-get-video', verdict: 'not-observed' },
      ],
    };
    const lines = describeTwin('report.json', twin, { 'error-codes': 'validation-400' });
    expect(lines[0]).toBe('  readings from report.json (--reading wins over it):');
    expect(lines).toHaveLength(1 + idsWithReadings.length);
    const line = (id: string) =>
      lines.find((text) => text.trimStart().startsWith(`${id} `))?.replace(/ +/g, ' ');
    expect(line('custom-fields-omitted')).toBe(' custom-fields-omitted replace from the report');
    expect(line('error-codes')).toBe(
      ' error-codes validation-400 --reading (the report: observed validation-422)',
    );
    expect(line('video-states')).toBe(' video-states basic the default (observed other)');
    expect(line('auth-get-video')).toBe(' auth-get-video required the default (not observed)');
    expect(line('rate-limits')).toBe(' rate-limits none the default (not in the report)');
  });
});
