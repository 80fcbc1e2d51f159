/**
 * Browser code is code (design §8): TypeScript modules in a browser/ folder (the console's), bundled
 * into src/generated/ by scripts/generate-browser.ts. The committed bundles and the interface's
 * headings are what the generate step makes now; no file of src/ holds browser code in a string (an
 * inline `<script>`, or a string that drives the DOM), which the detector is shown to find; the layer
 * rule keeps the browser code to its folder, src/shared/ and types.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importViolations, loadImportRules, writeTree } from '@video-api/test-support';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED, generatedModules } from '../../scripts/generate-browser.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const committed = (path: string) => readFileSync(join(packageDir, path), 'utf8');

/** An inline script element (a `<script>` without `src`), or text that reaches into a page's DOM. */
const BROWSER_CODE = [
  /<script\b(?![^>]*\bsrc=)[^>]*>/i,
  /\bdocument\.(getElementById|querySelector(All)?|createElement|addEventListener|head|body)\b/,
  /\bwindow\.\w+\s*=/,
  /\.addEventListener\(\s*['"`]/,
  /\bfunction\s*\w*\s*\([^)]*\)\s*\{/,
];

/** The texts of the string and template literals of a TypeScript source, and of its inline `<script>` elements. */
function literalsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node))
      found.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…'));
    else if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'script')
      found.push(`<script>${node.children.map((child) => child.getText(source)).join('')}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The literals of `text` that hold browser code. */
const browserCodeIn = (fileName: string, text: string): string[] =>
  literalsOf(fileName, text).filter((literal) => BROWSER_CODE.some((pattern) => pattern.test(literal)));

/** Every .ts and .tsx file under `dir`, but src/generated/ (made from the modules by the generate step). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return relative(packageDir, path) === join('src', 'generated') ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the generated modules of browser code', () => {
  it('hold what the generate step makes now (run `pnpm generate` when this fails)', async () => {
    for (const [path, text] of await generatedModules()) {
      const stale = text !== committed(path);
      expect(stale, `${path} is stale: run \`pnpm generate\``).toBe(false);
    }
  });

  it('say they are generated', () => {
    for (const path of Object.values(GENERATED))
      expect(committed(path)).toMatch(/^\/\/ Generated .*do not edit/);
  });
});

describe('browser code in strings', () => {
  it('finds an inline script and DOM code in a string, and leaves script elements with src and prose', () => {
    const examples = [
      "const page = '<p>hi</p><script>go()</script>';",
      // a template with a placeholder: `(() => { document.getElementById("x").textContent = ${one}; })()`
      ['const code = `(() => { document.getElementById("x").textContent = $', '{one}; })()`;'].join(''),
      'const hook = "el.addEventListener(\'click\', () => {})";',
      'const old = `function refresh() { return 1; }`;',
      'const Page = () => <script>{"window.ui = start()"}</script>;',
    ];
    for (const example of examples) expect(browserCodeIn('x.tsx', example), example).not.toEqual([]);
    const fine = [
      'const tag = \'<script src="console/console.js"></script>\';',
      "const say = 'The interface document. Its window. A function of the clock.';",
      '// a `<script>` in a comment is no string\nconst x = 1;',
    ];
    for (const example of fine) expect(browserCodeIn('x.tsx', example), example).toEqual([]);
  });

  it('are none in src/', () => {
    const found = sources(join(packageDir, 'src')).flatMap((file) =>
      browserCodeIn(file, readFileSync(file, 'utf8')).map(
        (literal) => `${relative(packageDir, file)}: ${literal.slice(0, 80)}`,
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('the layer rule of the browser code', () => {
  const tree = writeTree('mock-browser-code-', {
    'src/console/browser/main.ts':
      "import { pipeline } from '../../http/pipeline.js';\nimport type { Entry } from '../../state/types.js';\nimport { HEADER } from '../../shared/header.js';\nexport const x: Entry = { pipeline, HEADER };\n",
    'src/http/pipeline.ts': 'export const pipeline = 1;\n',
    'src/state/types.ts': 'export type Entry = object;\n',
    'src/shared/header.ts': "export const HEADER = 'x';\n",
  });
  afterAll(() => tree.remove());

  it('refuses a value from the server code, and lets types and src/shared/ through', async () => {
    const found = await importViolations(tree.root, loadImportRules(packageDir));
    const ours = found.filter((line) => line.startsWith('browser-code-imports-types'));
    expect(ours).toEqual(['browser-code-imports-types: src/console/browser/main.ts -> src/http/pipeline.ts']);
  });
});
