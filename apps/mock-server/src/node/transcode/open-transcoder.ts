/**
 * The Node platform's processor (see `Platform.openProcessor`) for the `transcode` options: the
 * transcoder when they ask for it and ffmpeg is there; `on` without ffmpeg is an OptionError whose
 * one line says how to get it. `on` gates readiness (an unreadable file fails, as a real service
 * would); `auto` only adds renditions, so the API answers the same with and without ffmpeg.
 */
import { OptionError } from '../../options.js';
import type { Platform } from '../../platform.js';
import type { TranscodeOptions } from '../../types.js';
import { databaseOf } from '../postgres/database-of.js';
import { postgresTranscodeJobs } from '../postgres/postgres-transcodes.js';
import { FFMPEG_PACKAGE, findFfmpeg, HOW_TO_GET_FFMPEG } from './find-ffmpeg.js';
import { sharedProcessor } from './shared-processor.js';
import { createTranscoder } from './transcoder.js';

/** What the log says once when `transcode: 'auto'` finds no ffmpeg. */
export const NO_FFMPEG = 'transcode auto: no ffmpeg found';

/** The values of the `transcode` option. */
const TRANSCODE_MODES: readonly NonNullable<TranscodeOptions['transcode']>[] = ['auto', 'on', 'off'];

/** Checks the options (a bad value is one line: what, where, accepted) and fills in the defaults. */
function resolve(options: TranscodeOptions): Required<TranscodeOptions> {
  const { transcode = 'off', transcodeConcurrency = 1 } = options;
  if (!TRANSCODE_MODES.includes(transcode)) {
    throw new OptionError(`transcode: "${transcode}" is not accepted (one of ${TRANSCODE_MODES.join(', ')})`);
  }
  if (!Number.isSafeInteger(transcodeConcurrency) || transcodeConcurrency < 0) {
    throw new OptionError(
      `transcodeConcurrency: ${JSON.stringify(transcodeConcurrency)} is not accepted (an integer >= 1; 0 with databaseUrl)`,
    );
  }
  return { transcode, transcodeConcurrency };
}

/**
 * The `openProcessor` of the Node platform for `options` (checked now, so a bad value fails
 * before anything is opened).
 *
 * @example
 * const app = createPortableApp({}, { ...nodePlatform(), openProcessor: transcoderFor({ transcode: 'auto' }) });
 */
export function transcoderFor(options: TranscodeOptions): NonNullable<Platform['openProcessor']> {
  const { transcode, transcodeConcurrency } = resolve(options);
  /** Whether the log said that `auto` found no ffmpeg (once per app, not once per sandbox). */
  let toldNoFfmpeg = false;
  return (resolved, { sink, log }) => {
    if (transcode === 'off') return undefined;
    if (transcodeConcurrency === 0 && resolved.databaseUrl === undefined) {
      throw new OptionError(
        'transcodeConcurrency: 0 is accepted only with a shared database (databaseUrl, --database-url), whose other processes transcode',
      );
    }
    const ffmpeg = findFfmpeg();
    if (ffmpeg === undefined) {
      if (transcode === 'auto') {
        if (!toldNoFfmpeg)
          log('info', {
            msg: NO_FFMPEG,
            detail: `not on PATH, no ${FFMPEG_PACKAGE}: uploads play the placeholder (the API answers the same); for renditions of the uploaded files: ${HOW_TO_GET_FFMPEG}`,
          });
        toldNoFfmpeg = true;
        return undefined;
      }
      throw new OptionError(
        `transcode: "on" needs ffmpeg, and none was found (not on PATH, no ${FFMPEG_PACKAGE}): ${HOW_TO_GET_FFMPEG}; with "auto" or "off" the mock plays a placeholder instead`,
      );
    }
    const paths = sink.paths;
    if (!paths) return undefined; // a sink without folders keeps no file that ffmpeg could read
    const local = createTranscoder({
      ffmpeg,
      concurrency: Math.max(1, transcodeConcurrency),
      folders: () => ({ ...paths(), ...(resolved.dataDir === undefined && { orphan: paths().root }) }),
      persistent: resolved.dataDir !== undefined || resolved.databaseUrl !== undefined,
      gatesReadiness: transcode === 'on',
      log,
    });
    if (resolved.databaseUrl === undefined) return local;
    // A shared mock: transcodes are jobs any of its processes with ffmpeg takes.
    const jobs = postgresTranscodeJobs(databaseOf(resolved), resolved.stateName);
    return sharedProcessor(local, jobs, { concurrency: transcodeConcurrency, log });
  };
}
