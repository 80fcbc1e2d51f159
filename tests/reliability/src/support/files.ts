/** File-system views the fault and security tests assert on: every file under a folder, its size. */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every file under `root`, as paths relative to it (sorted).
 *
 * @example
 * listFiles(dataDir); // ['mock.sqlite', 'uploads/3f…', …]
 */
export function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

/** Total bytes of the files under `root` whose relative path passes `keep`. */
export function diskUsage(root: string, keep: (path: string) => boolean = () => true): number {
  return listFiles(root)
    .filter(keep)
    .reduce((sum, path) => sum + statSync(join(root, path)).size, 0);
}
