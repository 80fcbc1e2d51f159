import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { refusedUrl, type ServedMock, serveMock } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, exitCodeOf } from '../src/cli/exit-codes.js';
import { progressDisplay } from '../src/cli/progress.js';
import { AmbiguousCreateError, NetworkError, ServerError, TimeoutError } from '../src/index.js';
import { runCli } from './support/run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'client-cli-exits-'));
const clip = join(folder, 'clip.mp4');
writeFileSync(clip, new Uint8Array(1000));

let app: ReturnType<typeof createApp>;
let served: ServedMock<typeof app>;
beforeAll(async () => {
  served = await serveMock(() => createApp({ realTimeClock: true, processingMs: 20 }));
  app = served.app;
});
afterAll(async () => {
  await served.close();
  rmSync(folder, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { env: { VIDEO_API_BASE_URL: served.url, VIDEO_API_TOKEN: 'mock-token', ...env } });

describe('video-api exit codes', () => {
  it('exits 2 for a directory, before creating any video', async () => {
    const creates = async () => (await app.mock.journal({ operationId: 'createVideos' })).length;
    const before = await creates();
    const result = await cli(['upload', folder, clip, '--project', 'demo']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      `video-api: cannot upload ${folder}: a directory, not a file (see video-api --help)\n`,
    );
    expect(result.stdout).toBe('');
    expect(await creates()).toBe(before);
  });

  it('exits 2 for a base URL that is not a URL', async () => {
    const result = await cli(['get', 'v-1'], { VIDEO_API_BASE_URL: 'http://exa mple' });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toContain('baseUrl must be an http(s) URL');
  });

  it('exits 5 when the create could not be sent, and a rerun with the ledger creates it', async () => {
    const ledger = join(folder, 'ledger.json');
    const offline = await cli(['upload', clip, '--project', 'demo', '--ledger', ledger], {
      VIDEO_API_BASE_URL: await refusedUrl(),
    });
    expect(offline.code).toBe(EXIT.unreachable);
    expect(offline.stderr).toContain('createVideos failed: no response');
    const again = await cli(['upload', clip, '--project', 'demo', '--ledger', ledger]);
    expect(again.code).toBe(EXIT.ok);
  });

  it.each([
    ['a timeout', new TimeoutError('t'), EXIT.unreachable],
    ['a network error', new NetworkError('n'), EXIT.unreachable],
    ['a 5xx', new ServerError('s', { status: 503 }), EXIT.unreachable],
    ['an earlier run (no cause)', undefined, EXIT.unreachable],
  ])('gives an ambiguous create caused by %s the one code of unclear creates', (_, cause, code) => {
    expect(exitCodeOf(new AmbiguousCreateError('a', { cause }))).toBe(code);
  });
});

describe('video-api upload when get fails', () => {
  const b = join(folder, 'b.mp4');
  writeFileSync(b, new Uint8Array(500));
  // Uploads answered with a receipt, not the video: --json has to read the record, and every get fails.
  let server: ServedMock<ReturnType<typeof createApp>>;
  beforeAll(async () => {
    server = await serveMock(
      () => createApp({ realTimeClock: true, readings: { 'upload-response-body': 'upload-receipt' } }),
      { rules: [{ route: 'getVideo', errorRate: 1, errorStatus: 503 }] },
    );
  });
  afterAll(() => server.close());

  it('prints every uploaded file with its key, without reading the video', async () => {
    const result = await cli(['upload', clip, b, '--project', 'demo'], { VIDEO_API_BASE_URL: server.url });
    expect(result.stderr).not.toContain('video-api:');
    expect(result.code).toBe(EXIT.ok);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => line.split('\t')[0])).toEqual([clip, b]);
    for (const line of lines) expect(line).toMatch(/\tv-\d+\tuploaded$/);
  });

  it('with --json, still gives every file its key and names the file whose record could not be read', async () => {
    const result = await cli(['upload', clip, b, '--project', 'demo', '--json'], {
      VIDEO_API_BASE_URL: server.url,
    });
    const out = JSON.parse(result.stdout) as { file: string; videoKey: string; error: string }[];
    expect(out.map((entry) => entry.file)).toEqual([clip, b]);
    for (const entry of out) expect(entry.videoKey).toMatch(/^v-\d+$/);
    expect(result.stderr).toContain(`getVideo failed: 503`);
    expect(result.stderr).toContain(`[${b}]`);
    expect(result.code).toBe(EXIT.api);
  });
});

describe('video-api upload after a create without a clear answer', () => {
  afterAll(() => app.mock.faults.clear());

  it('exits 5 on the run that met it and on a rerun that remembers it, saying when it was sent', async () => {
    const ledger = join(folder, 'ledger-503.json');
    app.mock.faults.set([{ route: 'createVideos', errorRate: 1, errorStatus: 503, times: 1 }]);
    const first = await cli(['upload', clip, '--project', 'demo', '--ledger', ledger]);
    expect(first.code).toBe(EXIT.unreachable);
    expect(first.stderr).toMatch(/in project demo around \d{4}-\d{2}-\d{2}T/);
    const again = await cli(['upload', clip, '--project', 'demo', '--ledger', ledger]);
    expect(again.code).toBe(EXIT.unreachable);
    expect(again.stderr).toMatch(/in project demo around \d{4}-\d{2}-\d{2}T/);
  });
});

describe('the progress display on a terminal', () => {
  it('keeps every row narrower than the terminal, so redrawing in place stays in place', () => {
    let out = '';
    const names = ['a-very-long-file-name-that-goes-on-and-on.mp4', 'b.mp4'];
    const show = progressDisplay(names, { write: (text) => (out += text), isTTY: true, columns: 40 });
    show({
      index: 0,
      phase: 'uploading',
      videoKey: 'v-000123456',
      upload: { loaded: 5, total: 10, attempt: 1 },
    });
    show({ index: 1, phase: 'creating' });
    const visible = out
      .replaceAll('\u001b[2K', '') // clear line
      .replaceAll('\u001b[2A', '') // up two rows
      .split('\n')
      .filter(Boolean);
    expect(visible.join('')).not.toContain('\u001b');
    expect(visible.length).toBe(4);
    for (const line of visible) expect(line.length).toBeLessThan(40);
  });
});
