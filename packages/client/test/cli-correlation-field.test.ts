/**
 * `video-api upload` writes no custom field unless `--correlation-field NAME` asks for one, so it
 * works against a server that only accepts predefined fields. The CLI runs against the in-process
 * mock (its fetch is the app's).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli/args.js';
import { runCli } from './support/run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'client-cli-field-'));
const clipA = join(folder, 'a.mp4');
const clipB = join(folder, 'b.mp4');
writeFileSync(clipA, new Uint8Array(50_000).fill(1));
writeFileSync(clipB, new Uint8Array(70_000).fill(2));

const apps: ReturnType<typeof createApp>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function mock(reading: 'implicit' | 'predefined') {
  const app = createApp({
    realTimeClock: true,
    processingMs: 20,
    readings: { 'custom-field-definition': reading },
  });
  apps.push(app);
  return app;
}

/** `video-api upload FILE --project demo FLAGS…` */
const upload = (file: string, ...flags: string[]) => ['upload', file, '--project', 'demo', ...flags];
const cli = (app: ReturnType<typeof createApp>, args: string[]) =>
  runCli(args, {
    env: { VIDEO_API_BASE_URL: 'http://mock.test', VIDEO_API_TOKEN: 'mock-token' },
    version: '0.1.0',
    fetch: async (req) => app.fetch(req),
  });

describe('video-api upload and custom fields', () => {
  it('uploads against a server that only accepts predefined fields, writing no custom field', async () => {
    const app = mock('predefined');
    const result = await cli(app, ['upload', clipA, clipB, '--project', 'demo', '--wait', '--json']);
    expect(result.stderr).not.toContain('failed');
    expect(result.code).toBe(0);
    const videos = JSON.parse(result.stdout) as {
      videoKey: string;
      status: string;
      simpleCustomFields: object;
    }[];
    expect(videos.map((video) => [video.status, video.simpleCustomFields])).toEqual([
      ['ready', {}],
      ['ready', {}],
    ]);
    const sources = await Promise.all(videos.map((video) => app.mock.sourceOf(video.videoKey)));
    expect(sources.map((source) => source?.size)).toEqual([50_000, 70_000]);
    expect(await app.mock.journal({ method: 'PUT' })).toEqual([]);
  });

  it('resumes with --ledger and no field: the same video, no custom field', async () => {
    const app = mock('predefined');
    const ledger = join(folder, 'no-field.json');
    const first = await cli(app, upload(clipA, '--ledger', ledger));
    const second = await cli(app, upload(clipA, '--ledger', ledger));
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.stdout).toBe(first.stdout);
    expect(await app.mock.journal({ operationId: 'createVideos' })).toHaveLength(1);
    expect(await app.mock.journal({ method: 'PUT' })).toEqual([]);
  });

  it("writes each file's correlation id into the field --correlation-field names", async () => {
    const app = mock('implicit');
    const result = await cli(app, upload(clipA, '--json', '--correlation-field', 'uploadCorrelationId'));
    expect(result.code).toBe(0);
    const key = JSON.parse(result.stdout).videoKey as string;
    const fields = await cli(app, ['fields', 'get', key]);
    expect(JSON.parse(fields.stdout)).toEqual({
      uploadCorrelationId: expect.stringMatching(/^cli-[0-9a-f]{24}$/),
    });
    expect((await app.mock.sourceOf(key))?.size).toBe(50_000);
  });

  it('with --correlation-field and --ledger, a rerun reuses the video that carries the id', async () => {
    const app = mock('predefined');
    await app.mock.setDefinitions([{ name: 'batchId', kind: 'string' }]);
    const ledger = join(folder, 'field.json');
    const args = upload(clipB, '--ledger', ledger, '--correlation-field', 'batchId');
    const first = await cli(app, args);
    const second = await cli(app, args);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(second.stdout).toBe(first.stdout);
    const key = first.stdout.split('\t')[1] as string;
    const fields = await cli(app, ['fields', 'get', key]);
    expect(JSON.parse(fields.stdout)).toEqual({ batchId: expect.stringMatching(/^cli-[0-9a-f]{24}$/) });
    expect(await app.mock.journal({ operationId: 'createVideos' })).toHaveLength(1);
  });

  it('reports the refusal of a field the server does not define, naming the file', async () => {
    const app = mock('predefined');
    const result = await cli(app, upload(clipA, '--correlation-field', 'undefinedField'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/updateCustomFields failed: 400.* \[.*a\.mp4\]\n$/);
    expect(result.stderr).toContain(
      '(the service may accept only predefined custom fields: define "undefinedField" there, or upload without --correlation-field)',
    );
  });

  it('after that refusal, a rerun with --ledger and the field defined uploads into the same video', async () => {
    const app = mock('predefined');
    const ledger = join(folder, 'refused.json');
    const args = upload(clipA, '--ledger', ledger, '--correlation-field', 'batchId');
    const refused = await cli(app, args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('; a rerun with --ledger then uploads the file into the same video)');
    const [entry] = Object.values(JSON.parse(readFileSync(ledger, 'utf8'))) as {
      state: string;
      videoKey: string;
    }[];
    expect(entry?.state).toBe('created');
    const key = entry?.videoKey as string;
    expect(await app.mock.sourceOf(key)).toBeUndefined();
    await app.mock.setDefinitions([{ name: 'batchId', kind: 'string' }]);
    const again = await cli(app, args);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^${clipA}\t${key}\tuploaded\n$`));
    expect((await app.mock.sourceOf(key))?.size).toBe(50_000);
    expect(await app.mock.journal({ operationId: 'createVideos' })).toHaveLength(1);
  });

  it('documents the flag in --help', async () => {
    const help = await cli(mock('implicit'), ['--help']);
    expect(help.stdout).toContain('--correlation-field NAME');
    expect(help.stdout).toContain('Off by default: upload writes no custom field');
  });
});

describe('parseCli --correlation-field', () => {
  const env = { VIDEO_API_BASE_URL: 'http://x.example' };
  it('is off unless given', () => {
    expect(parseCli(['upload', 'a.mp4', '--project', 'p'], env).correlationField).toBeUndefined();
  });

  it('takes a field name', () => {
    const cli = parseCli(['upload', 'a.mp4', '--project', 'p', '--correlation-field', 'batchId'], env);
    expect(cli.correlationField).toBe('batchId');
  });

  it.each([
    [['--correlation-field', ''], '--correlation-field needs a custom field name, e.g. uploadCorrelationId'],
    [['--correlation-field'], "Option '--correlation-field <value>' argument missing"],
  ])('refuses %j', (flag, message) => {
    expect(() => parseCli(['upload', 'a.mp4', '--project', 'p', ...flag], env)).toThrow(message);
  });
});
