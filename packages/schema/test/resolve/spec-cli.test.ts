/** `video-api-spec resolve`: writes the document (and the Overlay); bad input exits 2 with one line and writes nothing. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runSpecCli } from '../../src/cli/spec-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'spec-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSpecCli(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join(''), err: err.join('') };
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('video-api-spec resolve', () => {
  it('writes the resolved document and the Overlay, and says what it chose', async () => {
    const out = join(dir, 'resolved.json');
    const overlay = join(dir, 'overlay.json');
    const result = await run(
      'resolve',
      '--reading',
      'status-codes=semantic',
      '--out',
      out,
      '--overlay',
      overlay,
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('status-codes=semantic (flag)');
    expect(Object.keys(read(out).paths['/api/v1/videos'].post.responses)).toContain('201');
    expect(read(overlay).overlay).toBe('1.0.0');
  });

  it('writes the servers and keeps default and the exact media type when told', async () => {
    const out = join(dir, 'tools.json');
    const result = await run(
      'resolve',
      '--server',
      'https://api.example.test',
      '--upload-server',
      'https://upload.example.test',
      '--keep-default',
      '--json-error-alias',
      '--out',
      out,
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    const document = read(out);
    expect(document.servers[0].url).toBe('https://api.example.test');
    const upload = document.paths['/api/upload/v1/form-data/videos/{videoKey}'].post;
    expect(upload.servers[0].url).toBe('https://upload.example.test');
    expect(upload.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    expect(Object.keys(document.components.responses.Error.content)).toEqual([
      'application/problem+json',
      'application/json',
    ]);
  });

  it('resolves from a report file', async () => {
    const report = join(dir, 'report.json');
    writeFileSync(
      report,
      JSON.stringify({
        checks: [],
        observations: [{ id: 'error-codes', verdict: 'observed', reading: 'validation-422', evidence: 'e' }],
      }),
    );
    const out = join(dir, 'from-report.json');
    expect((await run('resolve', '--from-report', report, '--out', out)).code).toBe(0);
    expect(Object.keys(read(out).paths['/api/v1/videos'].post.responses)).toContain('422');
  });

  const clean = join(dir, 'clean');
  mkdirSync(clean);
  writeFileSync(join(clean, 'not-json.json'), '{ nope');
  writeFileSync(join(clean, 'not-a-report.json'), JSON.stringify({ openapi: '3.1.0' }));
  writeFileSync(
    join(clean, 'wrong-id.json'),
    JSON.stringify({ checks: [], observations: [{ id: 'colour', verdict: 'observed', reading: 'red' }] }),
  );
  const target = join(clean, 'out.json');
  // [what is wrong, the arguments, a fragment of the one line]
  const bad: Array<[string, string[], string]> = [
    [
      'an unknown --reading',
      ['--reading', 'status-codes=all-201', '--out', target],
      '--reading: unknown reading "all-201" for status-codes (accepted: all-200, semantic)',
    ],
    [
      'a --reading not of the form ID=READING',
      ['--reading', 'semantic', '--out', target],
      '"semantic" is not of the form ID=READING',
    ],
    [
      'a missing report',
      ['--from-report', join(clean, 'none.json'), '--out', target],
      'none.json: no such file',
    ],
    ['a folder as report', ['--from-report', clean, '--out', target], 'a folder, not a file'],
    [
      'a report that is not JSON',
      ['--from-report', join(clean, 'not-json.json'), '--out', target],
      'not-json.json: not JSON (',
    ],
    [
      'a JSON file that is not a report',
      ['--from-report', join(clean, 'not-a-report.json'), '--out', target],
      'not-a-report.json: not a contract report',
    ],
    [
      'a report with an unknown id',
      ['--from-report', join(clean, 'wrong-id.json'), '--out', target],
      'unknown id "colour" (accepted ids: status-codes',
    ],
    ['no --out', [], '--out FILE is required'],
    [
      'a --server that is not a URL',
      ['--out', target, '--server', 'localhost:4010'],
      '--server "localhost:4010" is not an absolute URL',
    ],
    [
      'an --upload-server that is not a URL',
      ['--out', target, '--upload-server', '/upload'],
      '--upload-server "/upload" is not an absolute URL',
    ],
    ['an option without its value', ['--out'], "Option '--out <value>' argument missing"],
    ['an --out in a missing folder', ['--out', join(clean, 'none', 'x.json')], 'does not exist'],
    [
      'an --overlay that is a folder',
      ['--out', target, '--overlay', clean],
      `--overlay ${clean}: is a folder`,
    ],
    [
      'an unknown option',
      ['--out', target, '--colour', 'red'],
      'unknown option "--colour" (accepted: --reading ID=READING, --from-report FILE',
    ],
  ];
  it.each(bad)('stops on %s: exit 2, one line, nothing written', async (_what, args, fragment) => {
    const before = readdirSync(clean).sort();
    const result = await run('resolve', ...args);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain(fragment);
    expect(result.err.trimEnd().split('\n')).toHaveLength(1);
    expect(readdirSync(clean).sort()).toEqual(before);
  });

  it('names an unknown command and what is accepted', async () => {
    expect(await run('lint')).toMatchObject({
      code: 2,
      err: 'video-api-spec: unknown command "lint" (accepted: resolve; see --help)\n',
    });
  });

  it('runs as a command: exit code and output of the bin', () => {
    const bin = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
    const args = [
      '--conditions=@video-api/source',
      '--import',
      'tsx',
      bin,
      'resolve',
      '--out',
      join(dir, 'bin.json'),
    ];
    const ok = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(read(join(dir, 'bin.json')).info.title).toContain('(resolved)');
    const bad = spawnSync(
      process.execPath,
      [...args.slice(0, 5), '--reading', 'x=y', '--out', join(dir, 'b.json')],
      { encoding: 'utf8' },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      `video-api-spec: --reading: unknown id "x" (accepted ids: ${bad.stderr.split('accepted ids: ')[1]}`,
    );
  });
});
