/**
 * The README of an installed package, as its users read it: its JavaScript snippets, and the first
 * one turned into a CommonJS script (imports as `require()`, the body in an async function), to
 * prove that `require()` loads the package.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The ```js snippets (the runnable ones; ```ts blocks show signatures) of `node_modules/<name>/README.md` in `dir`. */
export function readmeSnippets(dir: string, name: string): string[] {
  const readme = readFileSync(join(dir, 'node_modules', name, 'README.md'), 'utf8');
  return [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

/** `import { a, b } from 'x';` lines become `const { a, b } = require('x');`, the rest runs in an async main. */
export function asCommonJs(snippet: string): string {
  const requires: string[] = [];
  const body: string[] = [];
  for (const line of snippet.split('\n')) {
    const match = /^import \{([^}]*)\} from '([^']+)';$/.exec(line.trim());
    if (match) requires.push(`const {${match[1]}} = require('${match[2]}');`);
    else body.push(line);
  }
  return `'use strict';\n${requires.join('\n')}\n(async () => {\n${body.join('\n')}\n})().catch((error) => {\n  console.error(error);\n  process.exitCode = 1;\n});\n`;
}
