/**
 * Live processes whose command line mentions a text (a folder, a file): what a test left running.
 * Reads /proc (Linux); elsewhere it sees none.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** `"<pid> <command line>"` of every live process whose command line contains one of `texts`. */
export function processesMentioning(texts: string[]): string[] {
  if (!existsSync('/proc')) return [];
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue; // gone meanwhile
    }
    if (command && texts.some((text) => command.includes(text))) found.push(`${pid} ${command}`);
  }
  return found;
}
