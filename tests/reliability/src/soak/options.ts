/**
 * The soak's command line: `--minutes N` (default 10), `--rate N` req/s (100), `--window-seconds N`
 * (300 for runs of 15 minutes or more, a sixth of the run otherwise), `--interval-seconds N` between
 * RSS samples (10, or a third of a shorter window), `--max-in-flight N` (64), `--seed N` (1),
 * `--memory` (in-memory store instead of a data dir), `--out DIR` (where results go).
 */
import { parseArgs } from 'node:util';

export interface SoakOptions {
  minutes: number;
  rate: number;
  windowSeconds: number;
  intervalSeconds: number;
  maxInFlight: number;
  seed: number;
  memory: boolean;
  out: string | undefined;
}

/** The window length a run of `minutes` gets when none is given: 5 minutes, or a sixth of a short run. */
export function defaultWindowSeconds(minutes: number): number {
  return minutes >= 15 ? 300 : Math.max(5, Math.round((minutes * 60) / 6));
}

const positive = (name: string, text: string): number => {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name}: "${text}" is not accepted (a positive number)`);
  return value;
};

/**
 * Parses the flags; throws a message naming the flag and what it accepts.
 *
 * @example
 * parseSoakArgs(['--minutes', '60']); // { minutes: 60, rate: 100, windowSeconds: 300, intervalSeconds: 10, … }
 */
export function parseSoakArgs(argv: string[]): SoakOptions {
  const { values } = parseArgs({
    args: argv.filter((arg) => arg !== '--'),
    options: {
      minutes: { type: 'string', default: '10' },
      rate: { type: 'string', default: '100' },
      'window-seconds': { type: 'string' },
      'interval-seconds': { type: 'string' },
      'max-in-flight': { type: 'string', default: '64' },
      seed: { type: 'string', default: '1' },
      memory: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const minutes = positive('minutes', values.minutes);
  const windowSeconds =
    values['window-seconds'] === undefined
      ? defaultWindowSeconds(minutes)
      : positive('window-seconds', values['window-seconds']);
  const intervalSeconds =
    values['interval-seconds'] === undefined
      ? Math.min(10, windowSeconds / 3)
      : positive('interval-seconds', values['interval-seconds']);
  return {
    minutes,
    rate: positive('rate', values.rate),
    windowSeconds,
    intervalSeconds,
    maxInFlight: Math.ceil(positive('max-in-flight', values['max-in-flight'])),
    seed: positive('seed', values.seed),
    memory: values.memory,
    out: values.out,
  };
}
