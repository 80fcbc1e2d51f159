/**
 * Whether a document is valid OpenAPI: Redocly CLI's `spec` ruleset (the structure of the
 * specification and nothing of style), read from its JSON report. A fixture that shows an upstream
 * bug passes it, so the bug is the generator's, not the document's.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { exec } from '@video-api/test-support';

const require = createRequire(import.meta.url);
const REDOCLY = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/** The structural problems Redocly reports for `file`, one line each (`rule at pointer: message`); none when valid. */
export async function structureProblems(file: string): Promise<string[]> {
  const result = await exec(
    process.execPath,
    [REDOCLY, 'lint', file, '--extends', 'spec', '--format', 'json'],
    {
      cwd: dirname(file),
      // No telemetry and no update check: the machine may reach nothing but the package registry.
      env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeoutMs: 60_000,
      allowFailure: true,
    },
  );
  let report: {
    problems: Array<{ ruleId: string; message: string; location?: Array<{ pointer?: string }> }>;
  };
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(`redocly lint ${file} printed no JSON report (exit ${result.code}):\n${result.stderr}`);
  }
  return report.problems.map((p) => `${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
}
