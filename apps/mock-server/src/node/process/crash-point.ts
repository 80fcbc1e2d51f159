/**
 * A deterministic crash for tests of crash consistency: when the environment variable
 * `VIDEO_API_MOCK_CRASH_AT` names a point of the upload path (`point`, or `point:n` for its n-th
 * passage), the process kills itself with SIGKILL there, as a power cut or `kill -9` would.
 * Unset (always, outside those tests), each check is one comparison.
 */

/** The points of the upload path on disk, in the order an upload passes them. */
const CRASH_POINTS = [
  /** The file's `.part` is created; its bytes are arriving. */
  'part-opened',
  /** The `.part` is complete and synced, not yet renamed. */
  'part-synced',
  /** Renamed to its final name and the folder synced; the record does not point at it yet. */
  'renamed',
  /** The record points at the new file; the previous file is not yet removed. */
  'before-release',
  /** The previous file is removed; the answer is not yet sent. */
  'after-release',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

/** The environment variable that names the crash point. */
const CRASH_ENV = 'VIDEO_API_MOCK_CRASH_AT';

const passages = new Map<CrashPoint, number>();

/**
 * SIGKILLs this process if `VIDEO_API_MOCK_CRASH_AT` names `point` (and this is its n-th passage).
 *
 * @example
 * // VIDEO_API_MOCK_CRASH_AT=renamed:2 video-api-mock --data-dir ./data
 * crashPoint('renamed'); // the second upload dies right after its rename
 */
export function crashPoint(point: CrashPoint): void {
  const wanted = process.env[CRASH_ENV];
  if (wanted === undefined || !wanted.startsWith(point)) return;
  const [name, nth = '1'] = wanted.split(':');
  if (name !== point) return;
  const count = (passages.get(point) ?? 0) + 1;
  passages.set(point, count);
  if (count === Number(nth)) process.kill(process.pid, 'SIGKILL');
}
