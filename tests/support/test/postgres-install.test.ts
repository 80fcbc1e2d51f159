/** The install path for Debian packages, as data: which apt-get commands would run, as which user the server programs run, where they are found. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { asServerUser, findPostgresBinDir } from '../src/postgres-binaries.js';
import { aptInstallPlan } from '../src/postgres-nginx-apt.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('aptInstallPlan', () => {
  it('refreshes the lists, then installs without questions or recommended extras, as root', () => {
    const plan = aptInstallPlan(['postgresql'], 0);
    expect(plan.map((step) => [step.command, ...step.args].join(' '))).toEqual([
      'apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0 update',
      'apt-get -o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0 install -y --no-install-recommends postgresql',
    ]);
    for (const step of plan) expect(step.env).toEqual({ DEBIAN_FRONTEND: 'noninteractive' });
  });

  it('names nginx-light the same way', () => {
    expect(aptInstallPlan(['nginx-light'], 0)[1]?.args.at(-1)).toBe('nginx-light');
  });

  it('tells a user who is not root what to run instead of trying', () => {
    expect(() => aptInstallPlan(['postgresql'], 1000)).toThrow(
      /not root: run `sudo apt-get install -y postgresql`/,
    );
    expect(() => aptInstallPlan([], 0)).toThrow(/no package/);
  });
});

describe('asServerUser', () => {
  it('runs the server programs as postgres when root, directly otherwise', () => {
    expect(asServerUser('/pg/bin/pg_ctl', ['-D', '/d', 'stop'], 0)).toEqual({
      command: 'runuser',
      args: ['-u', 'postgres', '--', '/pg/bin/pg_ctl', '-D', '/d', 'stop'],
      env: {},
    });
    expect(asServerUser('/pg/bin/pg_ctl', ['stop'], 1000)).toEqual({
      command: '/pg/bin/pg_ctl',
      args: ['stop'],
      env: {},
    });
  });
});

describe('findPostgresBinDir', () => {
  const tree = (versions: Record<string, string[]>) => {
    const root = mkdtempSync(join(tmpdir(), 'pg-bin-'));
    folders.push(root);
    for (const [version, programs] of Object.entries(versions)) {
      mkdirSync(join(root, version, 'bin'), { recursive: true });
      for (const program of programs) writeFileSync(join(root, version, 'bin', program), '');
    }
    return root;
  };

  it('takes the newest version that has both initdb and pg_ctl', () => {
    const root = tree({
      '13': ['initdb', 'pg_ctl'],
      '15': ['initdb', 'pg_ctl'],
      '16': ['psql'],
      '9.6': ['initdb'],
    });
    expect(findPostgresBinDir(root)).toBe(join(root, '15', 'bin'));
  });

  it('finds nothing where Debian has no server installed (the case that installs it)', () => {
    expect(findPostgresBinDir(tree({ '15': ['psql'] }))).toBeUndefined();
    expect(findPostgresBinDir(join(tmpdir(), 'no-such-folder-here'))).toBeUndefined();
  });

  it('finds this machine’s server programs', () => {
    const found = findPostgresBinDir();
    expect(found).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/);
  });
});
