/**
 * What ffmpeg says on stderr, kept within bounds: the beginning (where it describes its inputs and
 * outputs) and the last lines (where it says why it failed).
 */
import type { Readable } from 'node:stream';
import type { StoredSource } from '../../state/source-sink.js';

const HEAD_CHARS = 64 * 1024;
const TAIL_CHARS = 4 * 1024;

/** Words of the line that says why ffmpeg failed. */
const CAUSE = /error|invalid|unsupported|not |no such|matches no|cannot|could not|failed/i;

export class StderrLog {
  #head = '';
  #tail = '';

  constructor(stderr: Readable) {
    stderr.setEncoding('utf8');
    stderr.on('data', (text: string) => {
      if (this.#head.length < HEAD_CHARS) this.#head += text.slice(0, HEAD_CHARS - this.#head.length);
      this.#tail = (this.#tail + text).slice(-TAIL_CHARS);
    });
  }

  /** The beginning of what ffmpeg said. */
  text(): string {
    return this.#head;
  }

  /**
   * Why ffmpeg ended with `status`, in one line: its last line that names a cause, with the stored
   * file's path replaced by the name it was uploaded under.
   *
   * @example
   * log.reason(1, source); // 'clip.mp4: Invalid data found when processing input (ffmpeg exit status 1)'
   */
  reason(status: number, source: StoredSource): string {
    if (status > 128) return `ffmpeg was killed (signal ${status - 128})`;
    const lines = this.#tail
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const line =
      [...lines].reverse().find((candidate) => CAUSE.test(candidate)) ?? lines.at(-1) ?? 'no message';
    const named = line.split(source.file).join(source.filename ?? 'the uploaded file');
    return `${named} (ffmpeg exit status ${status})`;
  }
}
