/**
 * The `video-api-spec` commands: `resolve` writes the resolved document (and optionally the Overlay)
 * for chosen readings, a contract report's observations, or the defaults. Bad input stops with exit 2
 * and one line naming the value or file, what was wrong and what is accepted; nothing is written.
 */
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ReportFileError, readReportFile } from '../node/read-report-file.js';
import { ResolveError, resolveSpec } from '../resolve/index.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const HELP = `Usage: video-api-spec resolve [options] --out FILE

Writes the OpenAPI document in which every unknown with readings says what the chosen reading says
(status codes, error bodies, content types, auth, the readiness member), each resolved place marked
with the reading and where the choice came from. The file is JSON (which YAML tools read too).

Options:
  --reading ID=READING   choose READING for unknown ID, repeatable (wins over --from-report)
  --from-report FILE     choose what a contract run observed (its report.json)
  --out FILE             where to write the resolved document (required)
  --overlay FILE         also write the same choices as an OpenAPI Overlay 1.0 over the spec
  --server URL           the document's server (default: the mock's, http://localhost:4010)
  --upload-server URL    the upload host, when it differs from --server (upload-host, §4.2)
  --keep-default         keep the catch-all \`default\` error response beside the exact statuses
  --json-error-alias     also list error bodies under application/json after
                         application/problem+json (for generators that keep only JSON)
  --help                 this text
`;

const OPTIONS =
  '--reading ID=READING, --from-report FILE, --out FILE, --overlay FILE, --server URL, ' +
  '--upload-server URL, --keep-default, --json-error-alias, --help';

/** Bad input: one line, exit 2. */
class UsageError extends Error {}

/** A file we may write: its folder exists, and it is not a folder itself. */
function checkWritable(option: string, file: string): void {
  const folder = dirname(resolve(file));
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(
      `${option} ${file}: the folder ${folder} does not exist (accepted: a file in an existing folder)`,
    );
  }
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`${option} ${file}: is a folder (accepted: a file in an existing folder)`);
  }
}

/** Writes all files or none: each goes to a temporary name first, renamed once all are written. */
function writeAll(files: Array<[path: string, body: unknown]>): void {
  const temps = files.map(([path]) => `${path}.${process.pid}.tmp`);
  try {
    for (const [index, [, body]] of files.entries()) {
      writeFileSync(temps[index] as string, `${JSON.stringify(body, null, 2)}\n`);
    }
    for (const [index, [path]] of files.entries()) renameSync(temps[index] as string, path);
  } finally {
    for (const temp of temps) rmSync(temp, { force: true });
  }
}

function resolveCommand(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      reading: { type: 'string', multiple: true },
      'from-report': { type: 'string' },
      out: { type: 'string' },
      overlay: { type: 'string' },
      server: { type: 'string' },
      'upload-server': { type: 'string' },
      'keep-default': { type: 'boolean' },
      'json-error-alias': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (see --help)`);
  if (values.out === undefined)
    throw new UsageError('--out FILE is required (where to write the resolved document)');
  checkWritable('--out', values.out);
  if (values.overlay !== undefined) checkWritable('--overlay', values.overlay);
  const file = values['from-report'];
  const report = file === undefined ? undefined : readReportFile(file, `--from-report ${file}`).report;
  let resolved: ReturnType<typeof resolveSpec>;
  try {
    resolved = resolveSpec({
      readings: values.reading ?? [],
      report,
      server: values.server,
      uploadServer: values['upload-server'],
      keepDefault: values['keep-default'] === true,
      jsonErrorAlias: values['json-error-alias'] === true,
    });
  } catch (error) {
    if (!(error instanceof ResolveError)) throw error;
    if (error.what === 'server') {
      const flags = error.problems.map((p) =>
        p.replace(/^uploadServer /, '--upload-server ').replace(/^server /, '--server '),
      );
      throw new UsageError(flags.join('; '));
    }
    const where = error.what === 'readings' ? '--reading' : `--from-report ${values['from-report']}`;
    throw new UsageError(`${where}: ${error.problems.join('; ')}`);
  }
  const files: Array<[string, unknown]> = [[values.out, resolved.document]];
  if (values.overlay !== undefined) files.push([values.overlay, resolved.overlay]);
  writeAll(files);
  const changed = resolved.chosen.filter((c) => c.from !== 'default');
  const summary =
    changed.length === 0
      ? 'the default readings'
      : changed.map((c) => `${c.id}=${c.reading} (${c.from})`).join(', ');
  io.out(`wrote ${files.map(([path]) => path).join(' and ')}: ${summary}\n`);
  return 0;
}

/**
 * Runs `video-api-spec` with `args`; returns the exit code (0, or 2 for bad input).
 *
 * @example
 * await runSpecCli(['resolve', '--reading', 'status-codes=semantic', '--out', 'resolved.json'], io);
 */
export async function runSpecCli(args: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === '--help' || command === undefined) {
      io.out(HELP);
      return command === undefined ? 2 : 0;
    }
    if (command !== 'resolve')
      throw new UsageError(`unknown command "${command}" (accepted: resolve; see --help)`);
    return resolveCommand(rest, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ReportFileError) {
      io.err(`video-api-spec: ${error.message}\n`);
      return 2;
    }
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? '';
      io.err(`video-api-spec: unknown option "${option}" (accepted: ${OPTIONS}; see --help)\n`);
      return 2;
    }
    if (code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`video-api-spec: ${(error as Error).message.split('\n')[0]} (see --help)\n`);
      return 2;
    }
    throw error;
  }
}
