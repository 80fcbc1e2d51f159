/**
 * What an npm install laid out: every package under a project's node_modules (nested ones and
 * scopes included) with the install scripts its manifest declares.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lifecycle scripts npm runs when it installs a package. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

export interface InstalledPackage {
  name: string;
  version: string;
  /** Its folder, relative to the project. */
  path: string;
  /** The install scripts it declares (npm also runs `node-gyp rebuild` for a binding.gyp). */
  installScripts: string[];
}

function packageAt(project: string, path: string): InstalledPackage | undefined {
  const manifestFile = join(project, path, 'package.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    name?: string;
    version?: string;
    scripts?: Record<string, string>;
  };
  const installScripts: string[] = INSTALL_SCRIPTS.filter(
    (script) => manifest.scripts?.[script] !== undefined,
  );
  if (existsSync(join(project, path, 'binding.gyp'))) installScripts.push('binding.gyp');
  return { name: manifest.name ?? path, version: manifest.version ?? '?', path, installScripts };
}

/**
 * Every package installed in `project` (its `node_modules`, recursively).
 *
 * @example
 * installedPackages(consumer.dir).filter((pkg) => pkg.installScripts.length > 0);
 */
export function installedPackages(project: string, modules = 'node_modules'): InstalledPackage[] {
  if (!existsSync(join(project, modules))) return [];
  const found: InstalledPackage[] = [];
  for (const entry of readdirSync(join(project, modules))) {
    if (entry.startsWith('.')) continue; // .bin, .package-lock.json
    const folders = entry.startsWith('@')
      ? readdirSync(join(project, modules, entry)).map((inner) => join(modules, entry, inner))
      : [join(modules, entry)];
    for (const folder of folders) {
      const installed = packageAt(project, folder);
      if (installed) found.push(installed);
      found.push(...installedPackages(project, join(folder, 'node_modules')));
    }
  }
  return found;
}
