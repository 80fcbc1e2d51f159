/**
 * A stopped run is a failure in every report: a request lost inside a probe, or a target that
 * cannot be reached at all, fails a check (summary, JSON, Markdown and JUnit agree) and the
 * reports are still written. Real node:http servers in front of the mock.
 */

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConnectionFault, listenHttp, refusedUrl } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { main, reachable } from '../src/cli/main.js';
import type { ContractReport } from '../src/support/types.js';
import { serveInProcessMock } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const served = (fault: Parameters<typeof serveInProcessMock>[0]) => serveInProcessMock(fault, cleanups);

async function cli(argv: string[]) {
  const dir = join(await mkdtemp(join(tmpdir(), 'contract-stopped-')), 'reports');
  const out: string[] = [];
  const err: string[] = [];
  const code = await main([...argv, '--webhooks', 'off', '--runs', '2', '--report', dir], {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: {},
  });
  const read = (name: string) => readFile(join(dir, name), 'utf8');
  return { code, out: out.join('\n'), err: err.join('\n'), read };
}

/** A server that goes on answering but loses every PUT: by never answering it, or by a reset. */
const faults: Array<[string, ConnectionFault | 'destroy']> = [
  ['never answers a PUT', 'hang'],
  ['destroys the socket of a PUT', 'destroy'],
];

describe('a target that stops answering inside a probe', () => {
  it.each(faults)(
    '%s: the stop is a failed check in the summary, JSON, Markdown and JUnit',
    async (_, fault) => {
      const server = await served((req) => {
        if (req.method !== 'PUT') return undefined;
        if (fault === 'destroy') req.socket.destroy();
        return 'hang';
      });
      const run = await cli([
        '--base-url',
        server.url,
        '--token',
        'contract-token',
        '--request-timeout',
        '500',
      ]);
      expect(run.code).toBe(3);
      const report = JSON.parse(await run.read('report.json')) as ContractReport;
      expect(report.stoppedEarly?.cause).toMatch(/^(no-answer|unreachable)$/);
      const failed = report.checks.filter((c) => c.verdict === 'fail');
      expect(failed).toMatchObject([
        {
          name: 'the target answers every request',
          verdict: 'fail',
          section: '4',
          detail: `the target stopped answering: ${report.stoppedEarly?.reason}`,
        },
      ]);
      expect(failed[0]?.detail).toMatch(
        /^the target stopped answering: PUT http:\/\/127\.0\.0\.1:\d+\/api\/v1\/videos\/.+: no answer/,
      );
      expect(report.summary.failed).toBe(1);
      expect(await run.read('junit.xml')).toMatch(/<testsuites tests="\d+" failures="1" /);
      expect(await run.read('junit.xml')).toContain('<failure message="the target stopped answering: PUT ');
      expect(await run.read('report.md')).toContain(
        '| **FAIL** | the target answers every request | 4 | the target stopped answering: PUT ',
      );
      expect(run.out).toContain('FAIL: ');
      expect(run.out).toContain(', 1 failed, ');
    },
  );
});

describe('a target that cannot be reached at the start', () => {
  it.each([[[]], [['--json']]])(
    '%j: still writes every report, all checks skipped and the stop failed',
    async (extra) => {
      const url = await refusedUrl();
      const run = await cli(['--base-url', url, '--token', 't', ...extra]);
      expect(run.code).toBe(3);
      expect(run.err).toContain(`cannot reach ${url} (ECONNREFUSED); is the server running?`);
      const report = JSON.parse(await run.read('report.json')) as ContractReport;
      expect(report.stoppedEarly).toEqual({
        cause: 'unreachable',
        reason: `GET ${url}: cannot reach ${url} (ECONNREFUSED); is the server running?`,
      });
      expect(report.checks.filter((c) => c.verdict === 'pass')).toEqual([]);
      expect(report.checks.filter((c) => c.verdict === 'fail').map((c) => c.detail)).toEqual([
        `the target stopped answering: ${report.stoppedEarly?.reason}`,
      ]);
      expect(report.summary).toMatchObject({ passed: 0, failed: 1, observed: 0 });
      expect(report.summary.skipped).toBeGreaterThan(20);
      expect(await run.read('junit.xml')).toMatch(/<testsuites tests="\d+" failures="1" /);
      expect(await run.read('report.md')).toContain('**FAIL**');
      if (extra.length > 0) expect(JSON.parse(run.out)).toEqual(report);
      else expect(run.out).toContain('FAIL: 0 checks passed, 1 failed');
    },
  );
});

describe('the reachability check before a run', () => {
  it('does not follow redirects: a 302 to a closed port is an answer', async () => {
    const elsewhere = await refusedUrl();
    const server = await listenHttp((_req, res) => {
      res.writeHead(302, { location: `${elsewhere}/` });
      res.end();
    });
    cleanups.push(() => server.close());
    expect(await reachable(server.url, 2000)).toBeUndefined();
  });
});
