/**
 * The `video-api` CLI: the three-step upload with progress, and reading and writing a video's
 * custom fields. `run` returns the exit code (see exit-codes.ts) and never throws.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SimpleCustomFields } from '@video-api/schema';
import type { BatchFile } from '../batch/types.js';
import { jsonFileLedger } from '../node/file-ledger.js';
import { unusableBecause } from '../node/file-source.js';
import { createVideoApiClient, type NodeUploadSource } from '../node.js';
import { type Cli, parseAssignments, parseCli, USAGE } from './args.js';
import { EXIT, errorLine, exitCodeOf, UsageError } from './exit-codes.js';
import { type ProgressSink, progressDisplay } from './progress.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: ProgressSink;
  env: Record<string, string | undefined>;
  version?: string;
  /** fetch for every request, uploads included (default: global fetch, uploads over node:http), e.g. an in-process app's. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * A stable id per file (absolute path, size, mtime): a rerun with --ledger finds its videos. Every
 * file is checked here, before any video is created: it must exist, be a regular file and readable.
 */
function correlationId(path: string): string {
  let stamp: string;
  try {
    const info = statSync(path);
    if (!info.isFile())
      throw new Error(info.isDirectory() ? 'a directory, not a file' : 'not a regular file');
    accessSync(path, constants.R_OK);
    stamp = `${info.size}:${info.mtimeMs}`;
  } catch (error) {
    throw new UsageError(`cannot upload ${path}: ${unusableBecause(error)}`);
  }
  return `cli-${createHash('sha256')
    .update(`${resolve(path)}\n${stamp}`)
    .digest('hex')
    .slice(0, 24)}`;
}

async function upload(cli: Cli, io: CliIo, client: ReturnType<typeof createVideoApiClient>): Promise<number> {
  const seen = new Map<string, number>();
  const files: BatchFile<NodeUploadSource>[] = cli.positionals.map((path) => {
    const id = correlationId(path);
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return {
      source: path,
      correlationId: count === 1 ? id : `${id}-${count}`,
      ...(cli.title !== undefined ? { title: cli.title } : {}),
      ...(cli.tags.length > 0 ? { tags: cli.tags } : {}),
    };
  });
  const results = await client.uploadVideos(files, {
    projectKey: cli.project as string,
    concurrency: cli.concurrency,
    wait: cli.wait ? (cli.timeoutMs ? { timeoutMs: cli.timeoutMs } : true) : false,
    onProgress: progressDisplay(cli.positionals, io.stderr),
    ...(cli.ledger ? { ledger: jsonFileLedger(cli.ledger) } : {}),
    ...(cli.correlationField ? { correlationField: cli.correlationField } : {}),
  });
  // One entry per file: the video when known (the upload's or the wait's answer, else read with
  // --json), else its key; a failure is reported for its file and does not hide the other results.
  const out: unknown[] = [];
  let code: number = EXIT.ok;
  const failed = (error: unknown, name: string | undefined) => {
    if (code === EXIT.ok) code = exitCodeOf(error);
    io.stderr.write(`${errorLine(error, cli.baseUrl, cli.ledger, cli.correlationField)} [${name}]\n`);
  };
  for (const [index, result] of results.entries()) {
    const name = cli.positionals[index];
    if (!result.ok) {
      failed(result.error, name);
      out.push({ file: name, videoKey: result.videoKey ?? null, error: result.error.message });
      continue;
    }
    const state = cli.wait ? 'ready' : 'uploaded';
    if (!cli.json) {
      io.stdout(`${name}\t${result.videoKey}\t${state}\n`);
      continue;
    }
    let video = result.video;
    if (video === undefined) {
      try {
        video = await client.getVideo(result.videoKey);
      } catch (error) {
        // The upload worked: its key is printed, and the failed read is reported for this file.
        failed(error, name);
        out.push({ file: name, videoKey: result.videoKey, state, error: (error as Error).message });
        continue;
      }
    }
    out.push(video);
  }
  if (cli.json) io.stdout(`${JSON.stringify(out.length === 1 ? out[0] : out, null, 2)}\n`);
  return code;
}

/** Runs the CLI with `argv` (without node and the script) and returns the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  let cli: Cli | undefined;
  try {
    cli = parseCli(argv, io.env);
    if (cli.command === 'help') {
      io.stdout(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (cli.command === 'version') {
      io.stdout(`${io.version ?? 'unknown'}\n`);
      return EXIT.ok;
    }
    const client = createVideoApiClient({
      baseUrl: cli.baseUrl as string,
      ...(cli.uploadBaseUrl ? { uploadBaseUrl: cli.uploadBaseUrl } : {}),
      ...(cli.token ? { token: cli.token } : {}),
      userAgent: `video-api-cli/${io.version ?? '0'}`,
      ...(io.fetch ? { fetch: io.fetch } : {}),
    });
    const [key = '', ...pairs] = cli.positionals;
    switch (cli.command) {
      case 'upload':
        return await upload(cli, io, client);
      case 'get':
        io.stdout(`${JSON.stringify(await client.getVideo(key), null, 2)}\n`);
        return EXIT.ok;
      case 'fields-get':
        io.stdout(`${JSON.stringify((await client.getVideo(key)).simpleCustomFields, null, 2)}\n`);
        return EXIT.ok;
      case 'fields-set': {
        const fields = parseAssignments(pairs) as SimpleCustomFields;
        const video = await client.updateCustomFields(key, fields);
        io.stdout(`${JSON.stringify(video.simpleCustomFields, null, 2)}\n`);
        return EXIT.ok;
      }
    }
  } catch (error) {
    io.stderr.write(`${errorLine(error, cli?.baseUrl)}\n`);
    return exitCodeOf(error);
  }
}
