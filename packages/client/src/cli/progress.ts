/**
 * Upload progress of the CLI, on stderr: bars redrawn in place on a terminal, plain lines
 * otherwise (one per phase change and per quarter uploaded), so logs stay readable.
 */
import type { BatchProgress } from '../batch/types.js';

export interface ProgressSink {
  write(text: string): void;
  isTTY: boolean;
  columns?: number;
}

interface Row {
  name: string;
  phase: string;
  loaded: number;
  total: number;
  key?: string;
}

const WIDTH = 24;

function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function bar(loaded: number, total: number): string {
  const share = total === 0 ? 1 : loaded / total;
  const filled = Math.round(share * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%`;
}

/** `text` cut to `width` characters, so that a line never wraps (a wrapped line breaks the redraw). */
function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * A progress display for `names`; feed it the batch's events. On a terminal every row is one line
 * narrower than `sink.columns` (80 when unknown), so redrawing in place moves up exactly one line
 * per row.
 */
export function progressDisplay(names: string[], sink: ProgressSink): (event: BatchProgress) => void {
  const rows: Row[] = names.map((name) => ({ name, phase: 'waiting', loaded: 0, total: 0 }));
  const quarter = rows.map(() => -1);
  let drawn = false;
  const draw = () => {
    const lines = rows.map((row) => {
      const name = row.name.length > 28 ? `…${row.name.slice(-27)}` : row.name.padEnd(28);
      const detail =
        row.phase === 'uploading'
          ? `${bar(row.loaded, row.total)} ${formatBytes(row.loaded)}/${formatBytes(row.total)}`
          : row.phase;
      const width = Math.max(10, (sink.columns ?? 80) - 1);
      return `\x1b[2K${fit(`${name} ${detail}${row.key ? ` ${row.key}` : ''}`, width)}`;
    });
    sink.write(`${drawn ? `\x1b[${rows.length}A` : ''}${lines.join('\n')}\n`);
    drawn = true;
  };
  return (event) => {
    const row = rows[event.index];
    if (!row) return;
    const changed = row.phase !== event.phase;
    row.phase = event.phase;
    if (event.videoKey) row.key = event.videoKey;
    if (event.upload) [row.loaded, row.total] = [event.upload.loaded, event.upload.total];
    if (sink.isTTY) {
      draw();
      return;
    }
    if (event.phase === 'uploading' && event.upload) {
      const step = row.total === 0 ? 4 : Math.floor((row.loaded / row.total) * 4);
      if (step <= (quarter[event.index] ?? -1)) return;
      quarter[event.index] = step;
      sink.write(
        `${row.name}: uploading ${step * 25}% (${formatBytes(row.loaded)} of ${formatBytes(row.total)})\n`,
      );
    } else if (changed) {
      const why = event.phase === 'failed' && event.error ? `: ${event.error.message}` : '';
      sink.write(`${row.name}: ${event.phase}${row.key ? ` ${row.key}` : ''}${why}\n`);
    }
  };
}
