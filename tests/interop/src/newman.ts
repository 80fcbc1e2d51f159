/**
 * newman runs a Portman collection against a server and reports through its JSON reporter: every
 * server variable of the document (`base_url`, `upload_base_url`) and Portman's `baseUrl` point at
 * the server; the upload's file part is read from the working folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runNode } from './command.js';
import { portmanEntries } from './tools.js';
import type { OpenApiDocument } from './types.js';

interface NewmanAssertion {
  assertion: string;
  error?: { message: string };
}

interface NewmanExecution {
  item: { name: string };
  request: { method: string; url: { path?: string[] }; body?: { mode?: string; formdata?: unknown[] } };
  response?: { code: number };
  assertions?: NewmanAssertion[];
}

export interface NewmanRun {
  stats: { assertions: { total: number; failed: number }; requests: { total: number; failed: number } };
  executions: NewmanExecution[];
  failures: Array<{ error: { message: string; test?: string }; source?: { name?: string } }>;
}

/** The names of all server variables in `document` (top level, path items and operations). */
function serverVariables(document: OpenApiDocument): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'servers' && Array.isArray(value)) {
        for (const server of value) for (const name of Object.keys(server.variables ?? {})) names.add(name);
      } else if (key !== 'components' && key !== 'webhooks') visit(value);
    }
  };
  visit({ servers: (document as { servers?: unknown }).servers, paths: document.paths });
  return [...names];
}

/** Runs `collection` against `url` from `dir` (the upload's file is `dir/clip.mp4`); returns newman's report. */
export async function runCollection(
  collection: string,
  document: OpenApiDocument,
  url: string,
  dir: string,
): Promise<NewmanRun> {
  const { newman } = await portmanEntries();
  const report = join(dir, `newman.${Date.now()}.json`);
  const variables = ['baseUrl', ...serverVariables(document)].flatMap((name) => [
    '--env-var',
    `${name}=${url}`,
  ]);
  const args = [newman, 'run', collection, '--working-dir', dir, ...variables];
  args.push('--reporters', 'json', '--reporter-json-export', report, '--disable-unicode');
  const result = await runNode(args, dir);
  try {
    return (JSON.parse(readFileSync(report, 'utf8')) as { run: NewmanRun }).run;
  } catch {
    throw new Error(`newman wrote no report (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}
