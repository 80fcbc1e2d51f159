/**
 * `redocly lint --format json` with Redocly's recommended rules only (redocly.yaml beside this
 * package): what a user of a generic linter sees, read from its JSON report.
 */
import { fileURLToPath } from 'node:url';
import { runNode } from './command.js';
import { redoclyEntry } from './tools.js';

const CONFIG = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: Array<{ pointer?: string }>;
}

export interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
  exitCode: number | null;
}

/** Lints `file`; `cwd` is where Redocly may write (nothing is expected). */
export async function lint(file: string, cwd: string): Promise<LintReport> {
  const args = [redoclyEntry(), 'lint', file, '--config', CONFIG, '--format', 'json'];
  // No telemetry and no update check: the machine may reach nothing but the package registry.
  const env = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const result = await runNode(args, cwd, { env });
  try {
    const report = JSON.parse(result.stdout) as Omit<LintReport, 'exitCode'>;
    return { ...report, exitCode: result.code };
  } catch {
    throw new Error(`redocly lint ${file} printed no JSON report (exit ${result.code}):\n${result.stderr}`);
  }
}

/** One line per problem: severity, rule, where, what. */
export function describeProblems(problems: LintProblem[]): string {
  return problems
    .map((p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`)
    .join('\n');
}
