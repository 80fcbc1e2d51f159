/**
 * The round-trip, as another team meets the kit: `pnpm release -- --registry …` publishes the
 * public packages into a real registry (Verdaccio, throwaway storage), then projects outside the
 * workspace install them by name with plain npm and use them: the mock's bin, the client README's
 * flow as ESM and through require(), the README snippets type-checked, the contract CLI against
 * the mock, a vitest test of their own on the msw handlers, a browser bundle of the client; then the
 * Node steps again on Node 22 and 24.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveProcess } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeClip } from '../src/clip.js';
import { type Consumer, createConsumer } from '../src/consumer.js';
import { nodeBinary, OTHER_NODES } from '../src/node-versions.js';
import { processesUnder } from '../src/processes.js';
import { asCommonJs, readmeSnippets } from '../src/readme.js';
import { api, readmeCurlFlow } from '../src/readme-flow.js';
import { stopNpx } from '../src/stop-npx.js';
import { inspectTarball, type Published } from '../src/tarballs.js';
import { REPO_ROOT } from '../src/workspace-copy.js';
import { PACKAGES } from './global-setup.js';

/** A server of the consumer's (the mock's bin, or npx running it), ready once it says `listening on <url>`. */
const serve = (
  command: string,
  args: string[],
  cwd: string,
  timeoutMs?: number,
  env?: Record<string, string>,
) => serveProcess(command, args, { cwd, ...(timeoutMs ? { timeoutMs } : {}), ...(env ? { env } : {}) });

/** The mock's temporary folders in `dir`. */
const mockFolders = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('video-api-mock-'));

/** Creates a video and uploads a few stand-in bytes to it, so the mock's upload folder exists. */
async function uploadStandIn(base: string): Promise<void> {
  const created = await api(base, 'POST', '/api/v1/videos', { projectKey: 'demo', videos: [{ title: 'x' }] });
  const [video] = created.body as { videoKey?: string; key?: string }[];
  const form = new FormData();
  form.append('file', new Blob(['stand-in bytes']), 'clip.mp4');
  const upload = await fetch(`${base}/api/upload/v1/form-data/videos/${video?.videoKey ?? video?.key}`, {
    method: 'POST',
    headers: { authorization: 'Bearer mock-token' },
    body: form,
  });
  expect(upload.status).toBe(200);
}

/** What the consumer installs beside our packages, from the usual registry (the workspace's versions). */
const TOOLS = ['msw@2.13.0', 'vitest@4.1.12', 'typescript@5.9.3', 'esbuild@0.28.2', '@types/node@20'];
/** Node's headers where node-gyp can find them offline (better-sqlite3 builds from source here). */
const nodedir = join(process.execPath, '..', '..');
const buildEnv = existsSync(join(nodedir, 'include', 'node', 'node_api.h'))
  ? { npm_config_nodedir: nodedir }
  : {};
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

const release = inject('release');
const { workspace, versions } = release;
let consumer: Consumer;
/** Projects installed in the background while the main one is used (better-sqlite3 builds for a minute). */
let withSqlite: Consumer;
let withMsw3: Consumer;
let installs: Promise<unknown>;
/** The clip the README flows upload (a real video: the mock's command transcodes uploads). */
let clip: Uint8Array<ArrayBuffer>;
const cleanups: Array<() => unknown> = [];

beforeAll(async () => {
  consumer = createConsumer(release.npmrc);
  withSqlite = createConsumer(release.npmrc, 'sqlite');
  withMsw3 = createConsumer(release.npmrc, 'msw3');
  cleanups.push(
    () => consumer.remove(),
    () => withSqlite.remove(),
    () => withMsw3.remove(),
  );
  installs = Promise.all([
    withSqlite.npm(['install', '@video-api/mock-server', 'better-sqlite3@12.11.1'], { env: buildEnv }),
    withMsw3.npm(['install', '@video-api/mock-server', '@video-api/client', 'msw@3', 'vitest@4.1.12']),
  ]);
  installs.catch(() => undefined); // awaited by the tests that use them
  await consumer.npm(['install', ...PACKAGES, ...TOOLS]);
  clip = await makeClip(consumer.dir);
}, 900_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('pnpm release into a real registry', () => {
  it.each(PACKAGES)('published %s with a CHANGELOG, a LICENSE, dist and its own docs only', async (name) => {
    const pkg = versions[name] as Published;
    const files = await inspectTarball(pkg.tarball);
    const allowed =
      /^package\/(package\.json|README\.md|LICENSE|CHANGELOG\.md|openapi(\.resolved)?\.json|dist\/.+|docs\/[a-z-]+\.md)$/;
    expect(files.filter((file) => !allowed.test(file))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining(['package/README.md', 'package/LICENSE', 'package/CHANGELOG.md']),
    );
    expect(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8')).toContain('MIT License');
    expect(pkg.manifest.repository).toMatchObject({ type: 'git' });
    expect(pkg.manifest.homepage).toMatch(/^https:\/\//);
    expect(pkg.manifest.bugs).toMatchObject({ url: expect.stringMatching(/^https:\/\//) });
    expect(JSON.stringify(pkg.manifest)).not.toContain('workspace:');
    for (const [entry, target] of Object.entries(pkg.manifest.exports as Record<string, unknown>)) {
      if (typeof target === 'object') expect(target, `${name} ${entry}`).toHaveProperty('default');
    }
  });

  it('published the mock with the team guide its README links (docs/run-for-a-team.md)', async () => {
    const files = await inspectTarball((versions['@video-api/mock-server'] as Published).tarball);
    expect(files).toContain('package/docs/run-for-a-team.md');
  });

  it('versioned the pending changesets: the CHANGELOGs hold their text', () => {
    const changelog = readFileSync(join(workspace, 'apps/mock-server/CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## ${versions['@video-api/mock-server']?.version}`);
    expect(changelog).toContain('First published release of the mock');
  });
});

describe('a project outside the workspace, on this Node', () => {
  it('runs the client README flow against `npx video-api-mock`, as ESM and through require()', async () => {
    const mock = await serve('npx', ['video-api-mock', '--port', '0', '--log-level', 'silent'], consumer.dir);
    try {
      const [flow] = readmeSnippets(consumer.dir, '@video-api/client');
      const script = (flow as string).replaceAll('http://localhost:4010', mock.url);
      consumer.write('flow.mjs', script);
      consumer.write('flow.cjs', asCommonJs(script));
      for (const file of ['flow.mjs', 'flow.cjs']) {
        const { stdout } = await consumer.node([file]);
        expect(stdout, file).toContain(`${clip.length} / ${clip.length}`);
        expect(stdout, file).toMatch(/\/hls\/v-\d+\/.*\.m3u8/);
      }
    } finally {
      await mock.stop();
    }
  });

  it('loads every entry of every package with require() (Node >= 20.19 requires ES modules)', async () => {
    const entries = Object.entries(versions).flatMap(([name, pkg]) =>
      Object.keys(pkg.manifest.exports as Record<string, unknown>)
        .filter((entry) => !entry.endsWith('.json'))
        .map((entry) => (entry === '.' ? name : `${name}/${entry.slice(2)}`)),
    );
    expect(entries).toEqual(expect.arrayContaining(['@video-api/mock-server/msw', '@video-api/client/node']));
    consumer.write(
      'require-all.cjs',
      // Each entry loads; the count of its exports is printed (`/types` holds types only: none).
      `for (const id of ${JSON.stringify(entries)}) console.log(id + ' ' + Object.keys(require(id)).length);\n`,
    );
    const { stdout } = await consumer.node(['require-all.cjs']);
    const counts = new Map(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    expect([...counts.keys()]).toEqual(entries);
    for (const [id, count] of counts)
      if (!id.endsWith('/types')) expect(Number(count), id).toBeGreaterThan(0);
  });

  it('type-checks the README snippets under strict, with moduleResolution bundler and node16', async () => {
    const snippets = readmeSnippets(consumer.dir, '@video-api/client');
    expect(snippets.length).toBeGreaterThanOrEqual(8);
    for (const [i, code] of snippets.entries()) consumer.write(`snippet-${i + 1}.mts`, code);
    const base = { strict: true, noEmit: true, skipLibCheck: false, target: 'es2022', types: ['node'] };
    for (const [name, options] of [
      ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
      ['node16', { module: 'node16', moduleResolution: 'node16' }],
    ] as const) {
      consumer.write(
        `tsconfig.${name}.json`,
        JSON.stringify({ compilerOptions: { ...base, ...options }, include: ['snippet-*.mts'] }),
      );
      await consumer.node(['node_modules/typescript/bin/tsc', '-p', `tsconfig.${name}.json`]);
    }
  });

  it('passes `npx video-api-contract --base-url … --token …` against that mock', async () => {
    const mock = await serve(
      'npx',
      ['video-api-mock', '--port', '0', '--log-level', 'silent', '--reading', 'status-codes=semantic'],
      consumer.dir,
    );
    try {
      const run = await consumer.npm(
        [
          'exec',
          '--',
          'video-api-contract',
          '--base-url',
          mock.url,
          '--token',
          'mock-token',
          '--report',
          'contract-report',
        ],
        {
          allowFailure: true,
        },
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
    } finally {
      await mock.stop();
    }
  });

  it("resolves the spec from that run's report with `npx video-api-spec resolve --from-report`", async () => {
    const run = await consumer.npm([
      'exec',
      '--',
      'video-api-spec',
      'resolve',
      '--from-report',
      'contract-report/report.json',
      '--out',
      'resolved.json',
      '--overlay',
      'overlay.json',
    ]);
    expect(run.stdout).toContain('status-codes=semantic (report)');
    const resolved = JSON.parse(readFileSync(join(consumer.dir, 'resolved.json'), 'utf8'));
    expect(Object.keys(resolved.paths['/api/v1/videos'].post.responses)).toContain('201');
    expect(JSON.parse(readFileSync(join(consumer.dir, 'overlay.json'), 'utf8')).overlay).toBe('1.0.0');
    const bad = await consumer.npm(
      ['exec', '--', 'video-api-spec', 'resolve', '--reading', 'x=y', '--out', 'bad.json'],
      {
        allowFailure: true,
      },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('video-api-spec: --reading: unknown id "x"');
  });

  it('runs a vitest test of its own on the msw handlers', async () => {
    consumer.write('msw.test.mjs', fixture('msw.test.mjs'));
    const { stdout } = await consumer.node(['node_modules/vitest/vitest.mjs', 'run', 'msw.test.mjs']);
    expect(stdout).toMatch(/2 passed/);
  });

  it('bundles a browser entry of the client with esbuild, with no Node built-in in it', async () => {
    consumer.write('browser-entry.mjs', fixture('browser-entry.mjs'));
    // esbuild fails the bundle when anything imports a Node built-in under --platform=browser.
    await consumer.run('node_modules/.bin/esbuild', [
      'browser-entry.mjs',
      '--bundle',
      '--platform=browser',
      '--format=esm',
      '--metafile=browser-meta.json',
      '--outfile=browser-bundle.js',
      '--log-level=warning',
    ]);
    const meta = JSON.parse(readFileSync(join(consumer.dir, 'browser-meta.json'), 'utf8')) as {
      inputs: Record<string, unknown>;
    };
    const inputs = Object.keys(meta.inputs);
    expect(inputs.some((input) => input.includes('node_modules/@video-api/client/dist/'))).toBe(true);
    expect(
      inputs.filter((input) => input.startsWith('node:') || input.includes('node_modules/busboy/')),
    ).toEqual([]);
  });

  it('says, without the mock installed, how to run the contract suite in-process', async () => {
    const alone = createConsumer(release.npmrc, 'contract-alone');
    try {
      await alone.npm(['install', '@video-api/contract']);
      const run = await alone.npm(['exec', '--', 'video-api-contract'], { allowFailure: true });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('npm i -D @video-api/mock-server');
    } finally {
      alone.remove();
    }
  });

  it('`npx @video-api/mock-server` in an empty folder serves the README flow', async () => {
    const empty = createConsumer(release.npmrc, 'empty');
    try {
      const mock = await serve('npx', ['--yes', '@video-api/mock-server', '--port', '0'], empty.dir, 180_000);
      try {
        await readmeCurlFlow(mock.url, clip);
      } finally {
        await mock.stop();
      }
    } finally {
      empty.remove();
    }
  });

  it("`npx video-api-mock` leaves nothing behind: a SIGKILLed group's folder is reclaimed, SIGTERM to npx stops it", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'video-api-npx-stop-'));
    // Without transcoding: where ffmpeg is installed, a transcode of the stand-in upload may still
    // run when the group is killed, and its watchdog then removes the upload folder itself (the
    // mock's test/node/transcode-process.test.ts covers that path); this test is about the next
    // start reclaiming what a SIGKILLed mock left.
    const start = () =>
      serve(
        'npx',
        ['video-api-mock', '--port', '0', '--log-level', 'info', '--transcode', 'off'],
        consumer.dir,
        undefined,
        {
          TMPDIR: tmp,
        },
      );
    try {
      // As Playwright's webServer stops it by default: SIGKILL to the whole group.
      const killed = await start();
      await uploadStandIn(killed.url);
      expect(mockFolders(tmp)).toHaveLength(1);
      process.kill(-(killed.child.pid as number), 'SIGKILL');
      await killed.stop();
      expect(mockFolders(tmp)).toHaveLength(1);
      // The next start reclaims it; SIGTERM to npx alone (npx passes no signal on) stops the mock.
      const next = await start();
      await uploadStandIn(next.url);
      const stopped = await stopNpx(next, tmp);
      await next.stop();
      expect(stopped.foldersBefore, next.output()).toHaveLength(1);
      expect(stopped.left).toEqual([]);
      expect(stopped.foldersAfter).toEqual([]);
      expect(next.output()).toMatch(/\(\d+\) exited: closing/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('`--data-dir` without better-sqlite3 stops with one line that says what to install', async () => {
    expect(existsSync(join(consumer.dir, 'node_modules/better-sqlite3'))).toBe(false);
    const run = await consumer.run(
      'node_modules/.bin/video-api-mock',
      ['--data-dir', 'state', '--port', '0'],
      {
        allowFailure: true,
        timeoutMs: 30_000,
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(
      run.stderr
        .trim()
        .split('\n')
        .filter((line) => line.startsWith('video-api-mock:')),
    ).toEqual([expect.stringMatching(/--data-dir: .*npm install better-sqlite3/)]);
  });
});

describe('a project that installs better-sqlite3 beside the mock', () => {
  it('keeps state in --data-dir across a restart', async () => {
    await installs;
    const start = () =>
      serve(
        join(withSqlite.dir, 'node_modules/.bin/video-api-mock'),
        ['--port', '0', '--data-dir', 'state', '--log-level', 'silent'],
        withSqlite.dir,
      );
    const first = await start();
    const created = await api(first.url, 'POST', '/api/v1/videos', {
      projectKey: 'demo',
      videos: [{ title: 'Kept' }],
    });
    const key = (created.body as { videoKey?: string; key?: string }[])[0];
    const videoKey = key?.videoKey ?? key?.key;
    await api(first.url, 'PUT', `/api/v1/videos/${videoKey}/custom-fields`, {
      simpleCustomFields: { note: 'kept' },
    });
    expect(await first.stop()).toBe(0);
    const second = await start();
    try {
      const read = await api(second.url, 'GET', `/api/v1/videos/${videoKey}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ videoKey, simpleCustomFields: { note: 'kept' } });
    } finally {
      await second.stop();
    }
  });
});

describe.each(Object.entries(OTHER_NODES))('the same project on Node %s', (_major, version) => {
  let node: string;
  beforeAll(async () => {
    node = await nodeBinary(version);
  });

  it('serves the mock from its bin and runs the README flow as ESM and through require()', async () => {
    const bin = join(consumer.dir, 'node_modules/@video-api/mock-server/dist/node/bin.js');
    const mock = await serve(node, [bin, '--port', '0', '--log-level', 'silent'], consumer.dir);
    try {
      const [flow] = readmeSnippets(consumer.dir, '@video-api/client');
      const script = (flow as string).replaceAll('http://localhost:4010', mock.url);
      consumer.write(`flow-${version}.mjs`, script);
      consumer.write(`flow-${version}.cjs`, asCommonJs(script));
      for (const file of [`flow-${version}.mjs`, `flow-${version}.cjs`]) {
        const { stdout } = await consumer.node([file], { node });
        expect(stdout, file).toContain(`${clip.length} / ${clip.length}`);
      }
      const contract = join(consumer.dir, 'node_modules/@video-api/contract/dist/cli/run.js');
      const run = await consumer.node([contract, '--base-url', mock.url, '--token', 'mock-token'], {
        node,
        allowFailure: true,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
    } finally {
      await mock.stop();
    }
  });

  it('loads every entry with require()', async () => {
    const { stdout } = await consumer.node(['require-all.cjs'], { node });
    expect(stdout).toContain('@video-api/mock-server/msw');
  });

  it('resolves the spec with the video-api-spec bin', async () => {
    const bin = join(consumer.dir, 'node_modules/@video-api/schema/dist/cli/bin.js');
    const out = `resolved-${version}.json`;
    await consumer.node([bin, 'resolve', '--reading', 'error-codes=validation-422', '--out', out], { node });
    const resolved = JSON.parse(readFileSync(join(consumer.dir, out), 'utf8'));
    expect(Object.keys(resolved.paths['/api/v1/videos'].post.responses)).toContain('422');
  });

  it('runs its vitest test on the msw handlers', async () => {
    const { stdout } = await consumer.node(['node_modules/vitest/vitest.mjs', 'run', 'msw.test.mjs'], {
      node,
    });
    expect(stdout).toMatch(/2 passed/);
  });
});

describe('msw 3 (it declares Node >= 22.12), on Node 24', () => {
  it('runs the same vitest test on the msw handlers', async () => {
    await installs;
    const node = await nodeBinary(OTHER_NODES[24]);
    const installed = JSON.parse(readFileSync(join(withMsw3.dir, 'node_modules/msw/package.json'), 'utf8'));
    expect(installed.version).toMatch(/^3\./);
    withMsw3.write('msw.test.mjs', fixture('msw.test.mjs'));
    const { stdout } = await withMsw3.node(['node_modules/vitest/vitest.mjs', 'run', 'msw.test.mjs'], {
      node,
    });
    expect(stdout).toMatch(/2 passed/);
  });
});

describe('afterwards', () => {
  it('removes the projects and leaves no process behind in them', async () => {
    const folders = [consumer.dir, withSqlite.dir, withMsw3.dir];
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    expect(folders.filter((folder) => existsSync(folder))).toEqual([]);
    expect(await processesUnder(folders)).toEqual([]);
  });
});
