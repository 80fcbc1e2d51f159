/**
 * Starts the servers under test, each in its own process: our mock (its CLI), Prism's mock of the
 * same spec, the bare Hono app and the bare upload server.
 */
import { existsSync } from 'node:fs';
import { freePort, sourceArgs } from '@video-api/test-support';
import { MOCK_CLI, PRISM_BIN, PRISM_DIR, SPEC_FILE, script } from '../lib/paths.js';
import { type Started, startProcess } from '../lib/proc.js';

export const TOKEN = 't';
export const AUTH = `Bearer ${TOKEN}`;
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * Our mock through its CLI (`video-api-mock`; `cli` names another checkout's), silent, bound to
 * 127.0.0.1 on a free port.
 *
 * @example
 * const mock = await startMock(['--data-dir', dir]); // mock.match is the base URL
 */
export function startMock(extra: string[] = [], cli = MOCK_CLI): Promise<Started> {
  // The benchmarks upload stand-in bytes: this checkout's command would hand each to ffmpeg
  // (`--transcode auto`), which a build from before transcoding does not know of.
  const transcode = cli === MOCK_CLI ? ['--transcode', 'off'] : [];
  return startProcess(
    process.execPath,
    [
      cli,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--token',
      TOKEN,
      '--log-level',
      'silent',
      ...transcode,
      ...extra,
    ],
    LISTENING,
  );
}

/** Fails at once, saying how to install it, where Prism is not installed under bench/.prism. */
export function assertPrismInstalled(): void {
  if (!existsSync(PRISM_BIN)) {
    throw new Error(
      `Prism is not installed: run npm install --prefix ${PRISM_DIR} --no-save --engine-strict=false @stoplight/prism-cli@5.16.0`,
    );
  }
}

/** Prism (`@stoplight/prism-cli`, installed under bench/.prism) mocking spec/openapi.yaml, log level error. */
export async function startPrism(): Promise<Started> {
  assertPrismInstalled();
  const port = await freePort();
  const started = await startProcess(
    process.execPath,
    [PRISM_BIN, 'mock', SPEC_FILE, '-p', String(port), '-h', '127.0.0.1', '-v', 'error'],
    /Starting Prism|Prism is listening/,
    { timeoutMs: 60_000 },
  );
  // With -v error Prism prints nothing once listening: wait until it answers.
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(`${url}/api/v1/videos/v-0001`);
  return { ...started, match: url };
}

/** The bare Hono app serving `record` (the JSON of GET video) from a Map. */
export function startBareHono(record: unknown): Promise<Started> {
  return startProcess(process.execPath, sourceArgs(script('servers/bare-hono.ts')), LISTENING, {
    env: { BARE_RECORD: JSON.stringify(record) },
  });
}

/** The bare node:http server that pipes raw request bodies to files in `folder`. */
export function startBareUpload(folder: string): Promise<Started> {
  return startProcess(process.execPath, [...sourceArgs(script('servers/bare-upload.ts')), folder], LISTENING);
}

/** Polls `url` (GET with the token) every 5 ms until it answers 2xx; resolves with the ms waited. */
export async function waitUntilAnswers(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const response = await fetch(url, { headers: { authorization: AUTH } });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
