/**
 * Specmatic 2.55 (npm `specmatic`, a jar run on the machine's Java 17): `specmatic test` of a
 * resolved document against a server, with or without generative tests, and its figures; and
 * `specmatic stub`, its mock of a resolved document. The token
 * goes in an environment variable named after the security scheme (`bearerAuth`).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cachedInstall, cleanEnv, freePort, type ServedProcess, serveProcess } from '@video-api/test-support';

const SPECMATIC_VERSION = '2.55.1';
const run = promisify(execFile);

/** The jar, installed into the per-user tool cache on first use. */
export async function specmaticJar(): Promise<string> {
  const dir = await cachedInstall(`specmatic-${SPECMATIC_VERSION}`, [`specmatic@${SPECMATIC_VERSION}`]);
  return join(dir, 'node_modules', 'specmatic', 'specmatic.jar');
}

/** Java's version line, or a message naming the Debian package to install when it is absent. */
export async function javaVersion(): Promise<string> {
  try {
    const { stderr } = await run('java', ['-version']);
    return stderr.split('\n')[0] ?? '';
  } catch {
    throw new Error(
      'java not found: Specmatic runs on Java 17 (Debian: apt-get install openjdk-17-jre-headless)',
    );
  }
}

export interface SpecmaticRun {
  total: number;
  passed: number;
  failed: number;
  /** The scenarios that failed, one line each. */
  failures: string[];
  /** The responses of its coverage table it ran no test for (`not tested`), status 1000 being `default`. */
  untested: Untested[];
  output: string;
}

/** One response Specmatic's coverage table lists as not tested. */
interface Untested {
  path: string;
  method: string;
  status: string;
}

/** The `not tested` rows of the API coverage summary; a row without path or method continues the one above. */
function untestedOf(output: string): Untested[] {
  const untested: Untested[] = [];
  let path = '';
  let method = '';
  for (const line of output.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 9 || !/^\d+$/.test(cells[5] ?? '')) continue;
    path = cells[2] || path;
    method = cells[3] || method;
    if (cells[7] === 'not tested') untested.push({ path, method, status: cells[5] as string });
  }
  return untested;
}

/** `specmatic test FILE --testBaseURL URL` in `cwd`; `generative` turns on its generative tests. */
export async function specmaticTest(
  file: string,
  baseUrl: string,
  options: { generative: boolean; token: string; cwd: string },
): Promise<SpecmaticRun> {
  const jar = await specmaticJar();
  const env = {
    ...cleanEnv(),
    bearerAuth: options.token,
    SPECMATIC_GENERATIVE_TESTS: String(options.generative),
  };
  const result = await run('java', ['-jar', jar, 'test', file, '--testBaseURL', baseUrl], {
    cwd: options.cwd,
    env,
    timeout: 600_000,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const output = `${result.stdout}\n${result.stderr}`;
  const counts = /Tests run: (\d+), Successes: (\d+), Failures: (\d+)/.exec(output);
  if (!counts) throw new Error(`specmatic printed no "Tests run" line:\n${output.slice(-3000)}`);
  const failures = [...new Set(output.match(/^Scenario: .* has FAILED$/gm) ?? [])];
  const untested = untestedOf(output);
  return {
    total: Number(counts[1]),
    passed: Number(counts[2]),
    failed: Number(counts[3]),
    failures,
    untested,
    output,
  };
}

/**
 * `specmatic stub FILE` on a free loopback port: Specmatic's stateless mock of a resolved document,
 * answering each request with values it generates from the document's schemas.
 */
export async function startSpecmaticStub(file: string, cwd: string): Promise<ServedProcess> {
  const jar = await specmaticJar();
  const port = await freePort();
  const args = ['-jar', jar, 'stub', file, '--host', '127.0.0.1', '--port', String(port)];
  return serveProcess('java', args, { cwd, ready: /- (http:\/\/\S+) serving endpoints/, timeoutMs: 120_000 });
}
