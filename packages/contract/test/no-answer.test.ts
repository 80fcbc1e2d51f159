/**
 * A target that stops answering: over real HTTP (node:http in front of the mock), a request that
 * hangs or a server that goes away fails the check it happened in, names the request and its
 * host, skips the rest, and the CLI still writes every report and exits 3.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { refusedUrl } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { runContract } from '../src/suite/run.js';
import type { ContractReport } from '../src/support/types.js';
import { FAST, failures, serveInProcessMock, skipped } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const served = (fault: Parameters<typeof serveInProcessMock>[0]) => serveInProcessMock(fault, cleanups);

const overHttp = (baseUrl: string, options = {}) =>
  runContract(
    { baseUrl, uploadBaseUrl: baseUrl, token: 'contract-token', projectKey: 'p', fetch: (r) => fetch(r) },
    { ...FAST, requestTimeoutMs: 300, ...options },
  );

const io = () => {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env: {} },
  };
};

describe('a request that is never answered', () => {
  it('fails its check with the request named, skips the rest, and the run ends', async () => {
    const server = await served((req) => (req.url?.startsWith('/api/upload/') ? 'hang' : undefined));
    const report = await overHttp(server.url);
    expect(failures(report)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^§4\\.2 upload accepts a multipart form with the file field: POST ${server.url}/api/upload/v1/form-data/videos/[^/]+: no answer within 300 ms$`,
        ),
      ),
    ]);
    expect(report.stoppedEarly?.cause).toBe('no-answer');
    expect(skipped(report).length).toBeGreaterThan(20);
    expect(skipped(report)[0]?.detail).toBe(`not run: ${report.stoppedEarly?.reason}`);
  });

  it('a probe whose request hangs is not observed, and the run stops there', async () => {
    const server = await served((req) => (req.method === 'PUT' ? 'hang' : undefined));
    const report = await overHttp(server.url);
    const definition = report.observations.find((o) => o.id === 'custom-field-definition');
    expect(definition).toMatchObject({ verdict: 'not-observed' });
    expect(definition?.evidence).toMatch(
      /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/v1\/videos\/.+: no answer within 300 ms$/,
    );
    expect(report.stoppedEarly?.reason).toBe(definition?.evidence);
  });

  it('the first get-video hanging fails get-video and stops the run', async () => {
    const server = await served((req) => (req.method === 'GET' ? 'hang' : undefined));
    const report = await overHttp(server.url);
    expect(failures(report)).toEqual([
      expect.stringMatching(/^§4\.3 get-video answers 2XX with JSON: GET .+: no answer within 300 ms$/),
    ]);
    // Only the create answer, which came before the stop, gave an observation.
    expect(
      report.observations.filter((o) => o.verdict === 'observed').map((o) => `${o.id}=${o.reading}`),
    ).toEqual(['create-answer-order=request-order']);
  });
});

describe('a server that goes away mid-run, through the CLI', () => {
  it('writes the partial report (summary, JSON, JUnit) and exits 3, naming the host', async () => {
    const server = await served((_req, n) => (n > 8 ? 'die' : undefined));
    const dir = await mkdtemp(join(tmpdir(), 'contract-die-'));
    const { out, err, io: streams } = io();
    const code = await main(
      [
        '--base-url',
        server.url,
        '--token',
        'contract-token',
        '--webhooks',
        'off',
        '--report',
        dir,
        '--runs',
        '2',
      ],
      streams,
    );
    expect(code).toBe(3);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as ContractReport;
    expect(report.stoppedEarly?.cause).toBe('unreachable');
    expect(report.stoppedEarly?.reason).toContain(new URL(server.url).host);
    expect(report.summary.skipped).toBeGreaterThan(10);
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toContain('<skipped message="not run: ');
    expect(await readFile(join(dir, 'report.md'), 'utf8')).toContain('Stopped early: ');
    expect(out.join('\n')).toContain('stopped early: ');
    expect(err.join('\n')).toContain(new URL(server.url).host);
    // the last line names the report page, which shows the stop too
    expect(out.at(-1)).toBe(`report page: ${pathToFileURL(join(dir, 'report.html')).href}`);
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toContain('<strong>Stopped early</strong>: ');
  });

  it('an upload host that refuses connections fails the upload check with that host named', async () => {
    const server = await served(() => undefined);
    const uploads = await refusedUrl();
    const dir = await mkdtemp(join(tmpdir(), 'contract-upload-'));
    const { io: streams } = io();
    const argv = ['--base-url', server.url, '--upload-base-url', uploads, '--token', 'contract-token'];
    const code = await main([...argv, '--webhooks', 'off', '--report', dir], streams);
    expect(code).toBe(3);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as ContractReport;
    const refused = `POST ${uploads}/api/upload/v1/form-data/videos/[^/]+: no answer from ${new URL(uploads).host} \\(ECONNREFUSED\\)`;
    expect(report.stoppedEarly?.reason).toMatch(new RegExp(`^${refused}$`));
    expect(failures(report)).toEqual([
      expect.stringMatching(
        new RegExp(`^§4\\.2 upload accepts a multipart form with the file field: ${refused}$`),
      ),
    ]);
  });
});

describe('the reachability check before a run', () => {
  it('follows --request-timeout and says the server did not answer in time', async () => {
    const server = await served(() => 'hang');
    const { err, io: streams } = io();
    const code = await main(['--base-url', server.url, '--token', 't', '--request-timeout', '200'], streams);
    expect(code).toBe(3);
    expect(err.join('\n')).toContain(`${server.url} did not answer within 200 ms`);
    expect(err.join('\n')).not.toContain('is the server running?');
  });

  it('says the server cannot be reached when nothing listens', async () => {
    const { err, io: streams } = io();
    const url = await refusedUrl();
    expect(await main(['--base-url', url, '--token', 't'], streams)).toBe(3);
    expect(err.join('\n')).toContain(`cannot reach ${url} (ECONNREFUSED); is the server running?`);
  });
});
