/**
 * The processes still running from given folders (their command line names one): what a step that
 * forgot to stop its server leaves behind. Reads /proc (Linux); elsewhere it sees none.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Command lines of live processes that mention one of `folders`, after a short grace period. */
export async function processesUnder(folders: string[], graceMs = 2000): Promise<string[]> {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const found = scan(folders);
    if (found.length === 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function scan(folders: string[]): string[] {
  if (!existsSync('/proc')) return [];
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue; // gone meanwhile
    }
    if (command && folders.some((folder) => command.includes(folder))) found.push(`${pid} ${command}`);
  }
  return found;
}
