/**
 * The mock's log, filtered by level: one JSON line per entry (`{"level":…,"time":…,…}`), or one
 * short human line (`pretty`, for a terminal). A request's line names the readings played that are
 * not the spec's defaults (X-Mock-Readings and the journal name them all): a line of under 300
 * bytes rather than 500, and the bytes a line costs are most of its cost (bench `log-cost`). The request line, written for every request, is
 * built from cached pieces (time strings, the readings' JSON per `X-Mock-Readings` text) rather
 * than by spreading and stringifying objects: it must cost less than the request it describes.
 */
import { mockReadings } from '@video-api/schema';

/** How much the mock logs. */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
/** How lines are written: JSON lines, or one short human line each (for a terminal). */
export type LogFormat = 'json' | 'pretty';

/** The levels, least first. */
export const LOG_LEVELS: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

type LogLine = Exclude<LogLevel, 'silent'>;

/** One served request, as its log line shows it. */
export interface RequestLine {
  /** Real time of the answer (ms since the epoch). */
  at: number;
  virtualTime: string;
  method: string;
  path: string;
  operationId: string | undefined;
  status: number;
  /** `X-Mock-Readings` of the answer, and the readings played (read only when not cached). */
  readings: { header(): string; played(): Record<string, string> };
  durationMs: number;
}

export interface Log {
  (level: LogLine, entry: Record<string, unknown>): void;
  /** The line of a served request (fields as `{ msg: 'request', … }` entries have). */
  request(level: LogLine, line: RequestLine): void;
  /** Whether entries at `level` are written (so callers skip building entries nobody reads). */
  enabled(level: LogLine): boolean;
}

/**
 * Where lines go. A writer may say which format it takes (`formatted`; JSON otherwise), and may
 * keep lines to write them later (in batches): then `flush` writes them now (after error lines).
 */
export type LineWriter = ((line: string) => void) & {
  readonly format?: LogFormat;
  readonly flush?: () => void;
};

/** `write`, marked as taking lines in `format` (what resolveOptions hands createLog). */
export const formatted = (write: LineWriter, format: LogFormat): LineWriter =>
  Object.assign((line: string) => write(line), {
    format,
    ...(write.flush !== undefined && { flush: () => write.flush?.() }),
  });

/** ISO 8601 text of recent times: one per millisecond, the seconds' prefix shared. */
function isoClock(): (at: number) => string {
  let lastAt = Number.NaN;
  let lastText = '';
  let second = Number.NaN;
  let prefix = '';
  return (at) => {
    if (at === lastAt) return lastText;
    const ms = at % 1000;
    if (at - ms !== second) {
      second = at - ms;
      prefix = new Date(second).toISOString().slice(0, 20);
    }
    lastAt = at;
    lastText = `${prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
    return lastText;
  };
}

/** Values computed once per key (readings texts: a handful per route), the oldest dropped past 256. */
function memo(compute: (key: string, readings: RequestLine['readings']) => string) {
  const cache = new Map<string, string>();
  return (readings: RequestLine['readings']): string => {
    const key = readings.header();
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key, readings);
      if (cache.size >= 256) cache.delete(cache.keys().next().value as string);
      cache.set(key, value);
    }
    return value;
  };
}

/** The readings played that are not the spec's defaults (what a line names: the defaults go without saying). */
const chosen = (readings: RequestLine['readings']): [string, string][] => {
  const defaults = mockReadings() as Record<string, string>;
  return Object.entries(readings.played()).filter(([id, reading]) => defaults[id] !== reading);
};
const readingsJson = memo((_key, readings) => JSON.stringify(Object.fromEntries(chosen(readings))));
const chosenReadings = memo((_key, readings) =>
  chosen(readings)
    .map(([id, reading]) => `${id}=${reading}`)
    .join(', '),
);

const LABEL: Record<LogLine, string> = { error: 'ERROR', warn: 'WARN ', info: 'INFO ', debug: 'DEBUG' };

/** A pretty line's `key=value` pairs of an entry (`msg` first, then the rest as JSON values). */
function prettyEntry({ msg, ...rest }: Record<string, unknown>): string {
  const pairs = Object.entries(rest).map(
    ([key, value]) =>
      ` ${key}=${typeof value === 'string' && !/[\s"=]/.test(value) ? value : JSON.stringify(value)}`,
  );
  return `${String(msg ?? '')}${pairs.join('')}`;
}

/**
 * A logger that writes entries at or above `level` to `write`, as JSON lines unless the writer
 * takes `pretty` ones.
 *
 * @example
 * const log = createLog('info', (line) => process.stderr.write(`${line}\n`));
 * log('info', { msg: 'request', method: 'GET', status: 200 });
 * log.enabled('debug'); // false
 */
export function createLog(level: LogLevel, write: LineWriter): Log {
  const pretty = write.format === 'pretty';
  const iso = isoClock();
  const enabled = (entryLevel: LogLine) => RANK[entryLevel] <= RANK[level];
  const log = (entryLevel: LogLine, entry: Record<string, unknown>) => {
    if (!enabled(entryLevel)) return;
    const time = iso(Date.now());
    if (pretty) write(`${time.slice(11, 23)} ${LABEL[entryLevel]} ${prettyEntry(entry)}`);
    else write(JSON.stringify({ level: entryLevel, time, ...entry }));
    if (entryLevel === 'error') write.flush?.();
  };
  const request = (entryLevel: LogLine, line: RequestLine) => {
    if (!enabled(entryLevel)) return;
    const time = iso(line.at);
    if (pretty) {
      const chosen = chosenReadings(line.readings);
      write(
        `${time.slice(11, 23)} ${LABEL[entryLevel]} ${line.method} ${line.path} ${line.status} ${line.durationMs}ms${chosen === '' ? '' : `  ${chosen}`}`,
      );
    } else {
      const operation =
        line.operationId === undefined ? '' : `"operationId":${JSON.stringify(line.operationId)},`;
      write(
        `{"level":"${entryLevel}","time":"${time}","msg":"request","virtualTime":"${line.virtualTime}","method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},${operation}"status":${line.status},"readings":${readingsJson(line.readings)},"durationMs":${line.durationMs}}`,
      );
    }
    if (entryLevel === 'error') write.flush?.();
  };
  return Object.assign(log, { enabled, request });
}
