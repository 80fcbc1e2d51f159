/**
 * Real renditions of uploaded files with ffmpeg: the mock's SourceProcessor under Node. Jobs run
 * in a bounded pool, each ffmpeg under a watchdog (./watchdog.ts); a job writes into a folder of
 * its own under the upload folders' `tmp` and, when complete, is renamed to `renditions/<hash of
 * the key>` in one step, so a finished output is always whole and, with a data dir, survives a
 * restart. Nothing here blocks the event loop: every file operation is asynchronous. Under
 * `gatesReadiness: false` (`transcode: 'auto'`) a file ffmpeg cannot read is no failure: it is
 * logged, and the placeholder plays.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { masterPlaylist, type Variant } from '../../playback/playlists.js';
import type { Log } from '../../shared/log.js';
import type { OutputFile, ProcessOutcome, SourceProcessor } from '../../state/processing.js';
import type { StoredSource } from '../../state/source-sink.js';
import { RENDITION_FOLDERS, transcodeArgs } from './ffmpeg-args.js';
import { Pool } from './pool.js';
import { describeRendition, outputStreams } from './rendition-info.js';
import { StderrLog } from './stderr-log.js';
import { type WatchedProcess, watchFfmpeg } from './watchdog.js';

export interface TranscoderOptions {
  /** The ffmpeg binary. */
  ffmpeg: string;
  /** How many transcodes run at once. */
  concurrency: number;
  /** The upload folders (made on first use); `orphan`: what goes with a job when the mock is gone. */
  folders: () => { root: string; temp: string; orphan?: string };
  /** Whether output of an earlier run may be there (a data dir): a reset then removes it. */
  persistent: boolean;
  /** Whether readiness waits for the renditions and fails with them (`on`), or not (`auto`). */
  gatesReadiness: boolean;
  log: Log;
}

/** A file of an output, as a request may name it: the multivariant playlist or a rendition's file. */
const OUTPUT_PATH = /^(?:playlist\.m3u8|[A-Za-z0-9_-]{1,32}\/(?:playlist\.m3u8|segment\d{1,6}\.ts))$/;

interface Job {
  key: string;
  source: StoredSource;
  done: (outcome: ProcessOutcome) => void;
  cancelled: boolean;
  watched?: WatchedProcess;
  run(): Promise<void>;
  /** Settles when the job is reported or stopped (what `open` waits for). */
  ended: Promise<void>;
  end(): void;
}

/**
 * @example
 * const transcoder = createTranscoder({ ffmpeg: '/usr/bin/ffmpeg', concurrency: 1, folders, persistent: false, log });
 * transcoder.start('v-0001', source, (outcome) => console.log(outcome));
 */
export function createTranscoder(options: TranscoderOptions): SourceProcessor {
  const pool = new Pool(options.concurrency);
  const jobs = new Map<string, Job>();
  const running = new Set<Promise<void>>();
  let used = options.persistent;
  // Removals and moves of finished output, one after another, so that none overtakes another.
  let moves: Promise<unknown> = Promise.resolve();
  const serial = (step: () => Promise<unknown>) => {
    const next = moves.then(step, step);
    moves = next.catch(() => {});
    return next;
  };
  const outputRoot = () => join(options.folders().root, 'renditions');
  const outputOf = (key: string) => join(outputRoot(), createHash('sha256').update(key).digest('hex'));
  const removeOutput = (key: string) => {
    if (used) void serial(() => rm(outputOf(key), { recursive: true, force: true }));
  };

  const stop = (job: Job) => {
    job.cancelled = true;
    if (!pool.withdraw(job)) job.watched?.stop();
    if (jobs.get(job.key) === job) jobs.delete(job.key);
    job.end();
  };

  /** Renames the renditions after their height, writes the multivariant playlist, puts the output in place. */
  async function finish(job: Job, temp: string, stderr: string): Promise<string[]> {
    const streams = outputStreams(stderr);
    const names = RENDITION_FOLDERS.map((folder, i) => `${streams[i]?.height ?? folder}p`);
    if (new Set(names).size !== names.length) names.splice(0, names.length, ...RENDITION_FOLDERS);
    const variants: Variant[] = [];
    for (const [i, folder] of RENDITION_FOLDERS.entries()) {
      const stream = streams[i];
      const name = names[i] as string;
      if (!stream || stream.height === 0) throw new Error('ffmpeg did not say the size of its outputs');
      if (name !== folder) await rename(join(temp, folder), join(temp, name));
      variants.push(await describeRendition(join(temp, name), `${name}/playlist.m3u8`, stream));
    }
    await writeFile(join(temp, 'playlist.m3u8'), masterPlaylist(variants));
    await serial(async () => {
      if (job.cancelled) return;
      await mkdir(outputRoot(), { recursive: true });
      await rm(outputOf(job.key), { recursive: true, force: true });
      await rename(temp, outputOf(job.key));
    });
    return names;
  }

  /** Reports how `job` ended, unless it was cancelled meanwhile. */
  function report(job: Job, outcome: ProcessOutcome, made?: Record<string, unknown>): void {
    if (job.cancelled) return;
    jobs.delete(job.key);
    if (outcome.ok) options.log('info', { msg: 'transcoded', videoKey: job.key, ...made });
    else if (options.gatesReadiness)
      options.log('error', { msg: 'transcode failed', videoKey: job.key, reason: outcome.reason });
    else
      options.log('info', {
        msg: 'not transcoded: the placeholder plays',
        videoKey: job.key,
        reason: outcome.reason,
      });
    job.end();
    job.done(outcome);
  }

  /** Runs ffmpeg for `job` in a folder of its own, then puts its output in place. */
  async function transcode(job: Job): Promise<void> {
    if (job.cancelled) return;
    const { source } = job;
    const started = Date.now();
    let watched: WatchedProcess;
    let temp: string;
    try {
      const { temp: tempRoot, orphan } = options.folders();
      temp = join(tempRoot, `${randomUUID()}.hls`);
      await Promise.all(RENDITION_FOLDERS.map((folder) => mkdir(join(temp, folder), { recursive: true })));
      watched = watchFfmpeg(options.ffmpeg, transcodeArgs(source.file, temp), {
        temp,
        ...(orphan !== undefined && { orphan }),
      });
    } catch (error) {
      return report(job, { ok: false, reason: `ffmpeg could not be started: ${(error as Error).message}` });
    }
    job.watched = watched;
    if (job.cancelled) watched.stop();
    const stderr = new StderrLog(watched.stderr);
    let outcome: ProcessOutcome;
    let made: Record<string, unknown> | undefined;
    try {
      const status = await watched.exited;
      if (status !== 0) outcome = { ok: false, reason: stderr.reason(status, source) };
      else if (job.cancelled) outcome = { ok: false, reason: 'cancelled' };
      else {
        made = { renditions: await finish(job, temp, stderr.text()), seconds: (Date.now() - started) / 1000 };
        outcome = { ok: true };
      }
    } catch (error) {
      outcome = { ok: false, reason: (error as Error).message };
    } finally {
      watched.release();
      await watched.closed;
    }
    report(job, outcome, made);
  }

  return {
    gatesReadiness: options.gatesReadiness,
    start(key, source, done) {
      const earlier = jobs.get(key);
      if (earlier) stop(earlier);
      removeOutput(key);
      used = true;
      let end = () => {};
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      const job: Job = {
        key,
        source,
        done,
        cancelled: false,
        ended,
        end,
        run: () => {
          const promise = transcode(job);
          running.add(promise);
          return promise.finally(() => running.delete(promise));
        },
      };
      jobs.set(key, job);
      pool.add(job);
    },
    cancel(key) {
      const job = jobs.get(key);
      if (job) stop(job);
      removeOutput(key);
    },
    clear() {
      for (const job of [...jobs.values()]) stop(job);
      if (used) void serial(() => rm(outputRoot(), { recursive: true, force: true }));
    },
    async close() {
      for (const job of [...jobs.values()]) stop(job);
      while (running.size > 0) await Promise.allSettled([...running]);
      await moves;
    },
    async open(key, path): Promise<OutputFile | undefined> {
      await jobs.get(key)?.ended;
      await moves; // a finished output is renamed into place, or removed, in this queue
      if (!used || !OUTPUT_PATH.test(path)) return undefined;
      const file = join(outputOf(key), path);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return {
        size: info.size,
        stream: () => Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>,
      };
    },
  };
}
