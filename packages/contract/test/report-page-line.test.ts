/** The CLI's last line names report.html as a file URL; with --json stdout stays JSON and the page is named on stderr. */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function cli(extra: string[]) {
  const root = await mkdtemp(join(tmpdir(), 'contract-page-line-'));
  dirs.push(root);
  const dir = join(root, 'reports');
  const out: string[] = [];
  const err: string[] = [];
  const argv = ['--webhooks', 'off', '--runs', '2', '--seed', '3', '--report', dir, ...extra];
  const code = await main(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {} });
  return { code, out, err, page: `report page: ${pathToFileURL(join(dir, 'report.html')).href}`, dir };
}

describe('the CLI names the report page', () => {
  it('as its last line, after the list of the files written', async () => {
    const run = await cli([]);
    expect(run.code).toBe(0);
    expect(run.out.at(-1)).toBe(run.page);
    expect(run.out.at(-2)).toMatch(/^reports: .*report\.json, .*report\.md, .*junit\.xml, .*report\.html$/);
    expect((await stat(join(run.dir, 'report.html'))).size).toBeGreaterThan(10_000);
  });

  it('on stderr with --json, so stdout stays one JSON document', async () => {
    const run = await cli(['--json']);
    expect(run.code).toBe(0);
    expect(() => JSON.parse(run.out.join('\n'))).not.toThrow();
    expect(run.err.at(-1)).toBe(run.page);
  });
});
