#!/usr/bin/env node
/**
 * Turns the built `dist/node/bin.js` (the `video-api-mock` command) into one file with its
 * JavaScript dependencies inside: Node then starts it without resolving and compiling some 200
 * modules (zod alone is 95), which halves the time to the first answer (see bench `startup`).
 * Left outside: better-sqlite3 (native, optional), prom-client (optional, loaded at the first
 * scrape of the metrics), @ffmpeg-installer/ffmpeg (optional, found at run time). The library
 * entries (`createApp`, msw…) stay unbundled. The licences of what is bundled go to dist/node/THIRD-PARTY-NOTICES.txt.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'dist', 'node', 'bin.js');
const NOTICES = 'THIRD-PARTY-NOTICES.txt';

const result = await build({
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['better-sqlite3', '@ffmpeg-installer/ffmpeg', 'prom-client'],
  // CommonJS dependencies (busboy) call require(); an ES module has none of its own.
  banner: {
    // The entry's own #! line stays first.
    js: `// The video-api-mock command, bundled; licences of the bundled packages: ${NOTICES}\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);`,
  },
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});
rmSync(`${entry}.map`, { force: true });

/** The package folder and manifest of a bundled file under node_modules. */
function packageOf(file) {
  for (let dir = dirname(file); dir.includes(`${sep}node_modules${sep}`); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const json = JSON.parse(readFileSync(manifest, 'utf8'));
    if (json.name && json.version)
      return { dir, name: json.name, version: json.version, license: json.license };
  }
  return undefined;
}

const packages = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const file = join(process.cwd(), input);
  if (!file.includes(`${sep}node_modules${sep}`)) continue;
  const pkg = packageOf(file);
  if (pkg && !pkg.name.startsWith('@video-api/')) packages.set(`${pkg.name}@${pkg.version}`, pkg);
}
const sections = [...packages.values()]
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((pkg) => {
    const licence = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE']
      .map((name) => join(pkg.dir, name))
      .find((path) => existsSync(path));
    const text = licence
      ? readFileSync(licence, 'utf8').trim()
      : `License: ${pkg.license ?? 'see the package'}`;
    return `${pkg.name}@${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}`;
  });
writeFileSync(
  join(root, 'dist', 'node', NOTICES),
  `dist/node/bin.js bundles these packages; their licences follow.\n\n${sections.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`,
);
console.log(`bundled dist/node/bin.js with ${[...packages.keys()].join(', ')}`);
