/** The flags that size and pace the probes and waits, each a `RunOptions` member (one table). */
import type { RunOptions } from '../support/types.js';

type Tunable = Exclude<
  { [K in keyof RunOptions]-?: RunOptions[K] extends number | undefined ? K : never }[keyof RunOptions],
  'seed' | 'propertyRuns' | 'readyTimeoutMs' | 'requestTimeoutMs'
>;

/** Flag → the option it sets, its least value, and its line in `--help`. */
export const TUNING: Record<string, { option: Tunable; min: number; help: string }> = {
  'max-wait': {
    option: 'maxWaitMs',
    min: 0,
    help: 'MS  total time 429 answers are waited out (default: 120000)',
  },
  'max-videos': {
    option: 'maxVideos',
    min: 0,
    help: 'N  most videos the run creates (default: 10 safe, no bound full)',
  },
  'poll-interval': {
    option: 'pollIntervalMs',
    min: 1,
    help: 'MS  first poll interval while waiting (default: 500 safe, 100 full)',
  },
  'max-poll-interval': {
    option: 'maxPollIntervalMs',
    min: 1,
    help: 'MS  longest interval of the polling backoff (default: 5000 safe; full: no backoff)',
  },
  heartbeat: {
    option: 'heartbeatMs',
    min: 1,
    help: 'MS  how often a wait says it is still waiting (default: 10000)',
  },
  'sequence-videos': {
    option: 'sequenceVideos',
    min: 1,
    help: 'N  videos of the interleaved sequence (default: 3)',
  },
  'field-length-probe-size': {
    option: 'fieldLengthProbeSize',
    min: 1,
    help: 'N  characters of the field-length probe title (default: 10000)',
  },
  'burst-requests': {
    option: 'rateLimitProbeRequests',
    min: 1,
    help: 'N  requests of the rate-limit burst (full only; default: 60)',
  },
  'create-limit-probe-size': {
    option: 'createLimitProbeSize',
    min: 1,
    help: 'N  videos in the videos-per-create probe (full only; default: 101)',
  },
  'declared-upload-bytes': {
    option: 'declaredUploadBytes',
    min: 1,
    help: 'N  bytes the file-size probe declares, never sent (full only; default: 2^40)',
  },
};

/** The `--help` lines of the tuning flags. */
export const TUNING_HELP = Object.entries(TUNING)
  .map(([flag, { help }]) => {
    const [value, ...text] = help.split('  ');
    return `  ${`--${flag} ${value}`.padEnd(34)}${text.join('  ')}`;
  })
  .join('\n');
