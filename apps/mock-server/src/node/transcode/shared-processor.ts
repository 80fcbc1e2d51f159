/**
 * Transcodes as jobs of a shared mock (`databaseUrl`): an upload's transcode is queued in the
 * database (src/node/postgres/postgres-transcodes.ts) and run by whichever process with ffmpeg
 * takes it first (an instance, or a `worker` that serves no HTTP), through that process's own
 * transcoder, under a lease it renews while ffmpeg runs. What it made goes to the shared folder,
 * and the process that ran it applies the outcome to the video (its lifecycle adopted it), so
 * readiness under `transcode: 'on'` follows the renditions whoever made them. A process killed
 * mid-transcode stops renewing: once its lease ends, another takes the upload again.
 */
import type { Log } from '../../shared/log.js';
import type { ProcessOutcome, SourceProcessor } from '../../state/processing.js';
import type { TranscodeJobs } from '../postgres/postgres-transcodes.js';

export interface SharedProcessorOptions {
  /** Transcodes this process runs at once; 0: it queues them for the others and takes none. */
  concurrency: number;
  /** How long a taken transcode is held without renewal (real ms); renewed every third of it. Default 30 000. */
  leaseMs?: number;
  /** How often the queue is looked at when nothing woke this process (ms). Default 1000. */
  pollMs?: number;
  log: Log;
}

/**
 * @example
 * const processor = sharedProcessor(createTranscoder({ … }), postgresTranscodeJobs(database, ''), { concurrency: 1, log });
 */
export function sharedProcessor(
  local: SourceProcessor,
  jobs: TranscodeJobs,
  options: SharedProcessorOptions,
): SourceProcessor {
  const leaseMs = options.leaseMs ?? 30_000;
  const { concurrency, log } = options;
  const running = new Set<string>();
  const started = new Map<string, (outcome: ProcessOutcome) => void>();
  let adopted: ((key: string, outcome: ProcessOutcome) => void) | undefined;
  let closed = false;
  let pumping = false;
  const report = (key: string, outcome: ProcessOutcome) => {
    const done = started.get(key);
    started.delete(key);
    if (adopted) adopted(key, outcome);
    else done?.(outcome);
  };
  const failed = (what: string) => (error: unknown) =>
    log('warn', { msg: `transcode jobs: ${what}`, error: String(error) });

  async function pump(): Promise<void> {
    if (closed || pumping || running.size >= concurrency) return;
    pumping = true;
    try {
      const taken = await jobs.claim(concurrency - running.size, leaseMs);
      for (const { key, source, attempts } of taken) {
        running.add(key);
        if (attempts > 1)
          log('info', { msg: 'transcode taken again (its lease had ended)', videoKey: key, attempts });
        local.start(key, source, (outcome) => {
          running.delete(key);
          jobs.finish(key).then((held) => {
            if (held) report(key, outcome);
            else log('info', { msg: 'transcode lease lost: another process took it', videoKey: key });
            void pump();
          }, failed('a finished transcode could not be kept'));
        });
      }
      if (taken.length > 0) setTimeout(() => void pump(), 0).unref?.();
    } catch (error) {
      failed('the queue could not be read')(error);
    } finally {
      pumping = false;
    }
  }
  const timer = (ms: number, work: () => void) => {
    const handle: { unref?: () => void } = setInterval(work, ms);
    handle.unref?.();
    return handle as ReturnType<typeof setInterval>;
  };
  const poll = timer(options.pollMs ?? 1000, () => void pump());
  const renew = timer(leaseMs / 3, () => {
    if (running.size > 0) jobs.renew([...running], leaseMs).catch(failed('leases could not be renewed'));
  });
  const stopWatching = jobs.watch(() => void pump());
  void pump();

  return {
    gatesReadiness: local.gatesReadiness,
    adopt(done) {
      adopted = done;
    },
    start(key, source, done) {
      started.set(key, done);
      if (running.delete(key)) local.cancel(key);
      jobs.queue(key, source).then(
        () => void pump(),
        (error: unknown) => {
          log('error', { msg: 'transcode not queued: the database is unavailable', videoKey: key });
          started.delete(key);
          done({ ok: false, reason: `the transcode could not be queued: ${String(error)}` });
        },
      );
    },
    cancel(key) {
      started.delete(key);
      running.delete(key);
      local.cancel(key);
      jobs.cancel(key).catch(failed('a cancelled transcode could not be removed'));
    },
    clear() {
      started.clear();
      running.clear();
      local.clear();
      jobs.clear().catch(failed('the transcodes could not be removed'));
    },
    async close() {
      closed = true;
      clearInterval(poll);
      clearInterval(renew);
      stopWatching();
      await local.close(); // stops ffmpeg: what it ran is taken again by another process
      const released = await jobs.releaseAll().catch(() => 0);
      if (released > 0) log('info', { msg: 'transcode leases given back', released });
      await jobs.close();
    },
    open: (key, path) => local.open(key, path),
    queued: () => jobs.pending(),
  };
}
