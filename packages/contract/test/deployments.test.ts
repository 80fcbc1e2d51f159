/**
 * The suite as a backend team's CI meets it: the mock served over HTTP behind proxies that stand
 * in for real deployments (a path prefix over HTTPS with a self-signed certificate, a split upload
 * host, slow processing, a 20 % 429 limiter). `safe` passes a correct server in each; what the
 * proxies count shows what `safe` sends.
 */
import { serveMock } from '@video-api/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/cli/main.js';
import { IN_PROCESS_TOKENS } from '../src/cli/targets.js';
import { pathOf } from '../src/support/operations.js';
import { prepareMock } from './helpers.js';
import { type Certificate, type ProxyOptions, selfSigned, startProxy } from './support/proxies.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let certificate: Certificate;
beforeAll(() => {
  certificate = selfSigned();
});
afterAll(() => certificate.remove());

/** A correct server (the mock over HTTP) behind a proxy of `options`. */
async function deployment(
  options: Omit<ProxyOptions, 'upstream'>,
  mockOptions: Record<string, unknown> = {},
) {
  const prepared = await prepareMock({}, undefined, mockOptions);
  const served = await serveMock({ fetch: prepared.target.fetch });
  const proxy = await startProxy({ upstream: served.url, ...options });
  cleanups.push(
    () => prepared.close(),
    () => served.close(),
    () => proxy.close(),
  );
  return { proxy, upstream: served.url };
}

/** Runs the CLI in this process; the tuning keeps a safe run short (no timed assertion). */
async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    [
      '--token',
      IN_PROCESS_TOKENS[0],
      '--runs',
      '3',
      '--seed',
      '5',
      '--poll-interval',
      '10',
      '--max-poll-interval',
      '100',
      ...argv,
    ],
    { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {} },
  );
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const uploadRoute = (_: string, path: string) =>
  path.startsWith(pathOf('uploadVideoSource', { videoKey: '' }));

describe('behind a path prefix over HTTPS with a self-signed certificate', () => {
  it('passes with --ca in the safe profile, declaring no length over 1 GiB and creating at most 10 videos', async () => {
    const { proxy } = await deployment({ prefix: '/svc', tls: certificate });
    const run = await cli(['--base-url', proxy.url, '--ca', certificate.file, '--profile', 'safe']);
    expect(run.stderr).toContain('profile safe (as asked)');
    expect(run.stdout).toContain('PASS');
    expect(run.code).toBe(0);
    expect(proxy.maxDeclared).toBeLessThanOrEqual(2 ** 30);
    expect(proxy.created).toBeGreaterThan(0);
    expect(proxy.created).toBeLessThanOrEqual(10);
    expect(run.stdout).toContain(
      'profile safe: probes not run, their unknowns stay not observed: rate-limits',
    );
    expect(run.stdout).toMatch(
      new RegExp(`videos created \\(the spec has no delete; project contract\\): ${proxy.created}:`),
    );
  });

  it('cannot reach it without --ca, and says which options would (exit 3)', async () => {
    const { proxy } = await deployment({ prefix: '/svc', tls: certificate });
    const run = await cli(['--base-url', proxy.url]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/not trusted; give its CA with --ca FILE \(or NODE_EXTRA_CA_CERTS=FILE/);
    expect(run.stderr).toContain('--insecure');
  });

  it('passes with --insecure, warning loudly', async () => {
    const { proxy } = await deployment({ prefix: '/svc', tls: certificate });
    const run = await cli(['--base-url', proxy.url, '--insecure', '--only', '§4.3']);
    expect(run.stderr).toContain('WARNING: --insecure: TLS certificates are NOT verified');
    expect(run.code).toBe(0);
  });
});

describe('an API host without the upload route (uploads on a host of their own)', () => {
  it('without --upload-base-url no refusal of an upload passes: they cannot be judged, and the run fails', async () => {
    const { proxy } = await deployment({ refuse: uploadRoute });
    const run = await cli(['--base-url', proxy.url, '--json', '--skip', 'probe']);
    const report = JSON.parse(run.stdout);
    const uploads = report.checks.filter(
      (c: { name: string }) => /upload/.test(c.name) && /refused/.test(c.name),
    );
    expect(uploads.length).toBe(4);
    for (const check of uploads) {
      expect(check.verdict).toBe('skipped');
      expect(check.detail).toMatch(
        /^cannot judge: uploadVideoSource never answered 2XX on .*--upload-base-url/,
      );
    }
    expect(run.code).toBe(1);
  });

  it('passes with --upload-base-url naming the upload host', async () => {
    const { proxy, upstream } = await deployment({ refuse: uploadRoute });
    const uploads = await startProxy({ upstream, refuse: (_, path) => !uploadRoute(_, path) });
    cleanups.push(() => uploads.close());
    const run = await cli(['--base-url', proxy.url, '--upload-base-url', uploads.url]);
    expect(run.stdout).toContain('PASS');
    expect(run.code).toBe(0);
  });
});

describe('slow processing', () => {
  it('says while it waits what for, how long so far and the last state, and passes', async () => {
    const { proxy } = await deployment({}, { processingMs: 1500 });
    const run = await cli(['--base-url', proxy.url, '--heartbeat', '300', '--only', '§3']);
    expect(run.stderr).toMatch(
      /… still waiting for video \S+ to become ready \(§3\): \d+\.\d s, \d+ polls, last state /,
    );
    expect(run.stderr).toMatch(/✓ §3 an uploaded video becomes ready \(\d+\.\d s\)/);
    expect(run.code).toBe(0);
  });
});

describe('behind a limiter answering 20 % of requests 429 with Retry-After', () => {
  it.each([1, 2, 3])('passes a correct server (limiter seed %i), every wait logged', async (seed) => {
    const { proxy } = await deployment({ limiter: { share: 0.2, seed } });
    const run = await cli(['--base-url', proxy.url, '--reporter', 'json-lines']);
    const events = run.stdout.split('\n').map((line) => JSON.parse(line));
    const waits = events.filter((e) => e.type === 'rate-limited');
    expect(proxy.limited).toBeGreaterThan(0);
    expect(waits.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'summary', failed: 0, exitCode: 0 });
    expect(run.code).toBe(0);
  });

  it('fails with a verdict naming the budget when --max-wait is spent', async () => {
    const { proxy } = await deployment({ limiter: { share: 0.5, seed: 9, retryAfter: '1' } });
    const run = await cli(['--base-url', proxy.url, '--max-wait', '0', '--only', '§4.3']);
    expect(run.stdout).toContain('rate-limit wait budget of 0 ms (--max-wait)');
    expect(run.code).toBe(1);
  });
});

describe('a refused token', () => {
  it('exits 4, its own code', async () => {
    const { proxy } = await deployment({});
    const run = await main(['--base-url', proxy.url, '--token', 'not-a-token'], {
      stdout: () => {},
      stderr: () => {},
      env: {},
    });
    expect(run).toBe(4);
  });
});
