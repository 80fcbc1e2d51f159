/**
 * The architecture rules of .dependency-cruiser.cjs hold for src/, and each rule catches the
 * mistake it is there for (a generated tree of deliberately wrong imports).
 */
import { fileURLToPath } from 'node:url';
import { importViolations, loadImportRules, writeTree } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const rules = loadImportRules(packageDir);
const violations = (baseDir: string) => importViolations(baseDir, rules);

describe('the architecture of the mock', () => {
  it('holds for src/: layers import downwards, the portable core reaches no Node, no cycles', async () => {
    expect(await violations(packageDir)).toEqual([]);
  });
});

describe('the architecture rules catch what they are for', () => {
  const files: Record<string, string> = {
    // a lower layer importing a higher one
    'src/state/store.ts': "import { route } from '../api/route.js';\nexport const store = route;\n",
    'src/api/route.ts': 'export const route = 1;\n',
    // a portable file importing a Node built-in, and one importing busboy
    'src/http/body.ts': "import { readFileSync } from 'node:fs';\nexport const body = readFileSync;\n",
    'src/http/multipart.ts': "import busboy from 'busboy';\nexport const parse = busboy;\n",
    'node_modules/busboy/package.json': '{"name":"busboy","main":"index.js"}',
    'node_modules/busboy/index.js': 'module.exports = () => {};\n',
    // peers importing each other
    'src/faults/plan.ts': "import { hook } from '../webhooks/hook.js';\nexport const plan = hook;\n",
    'src/webhooks/hook.ts': 'export const hook = 1;\n',
    // a portable file importing the Node adapters, and the portable entry reaching them
    'src/platform.ts': "import { server } from './node/server.js';\nexport const platform = server;\n",
    'src/portable.ts': "import { platform } from './platform.js';\nexport const app = platform;\n",
    'src/index.ts': "import { platform } from './platform.js';\nexport const root = platform;\n",
    'src/msw.ts': "import { platform } from './platform.js';\nexport const handlers = platform;\n",
    'src/node/server.ts': "import { createServer } from 'node:http';\nexport const server = createServer;\n",
    // msw (an optional peer) imported outside the msw entry
    'src/api/mocked.ts': "import { http } from 'msw';\nexport const mocked = http;\n",
    'node_modules/msw/package.json': '{"name":"msw","main":"index.js"}',
    'node_modules/msw/index.js': 'exports.http = {};\n',
    // the control layer importing sandboxes (above it), and sandboxes importing a root file
    'src/control/open.ts':
      "import { dispatch } from '../sandbox/dispatch.js';\nexport const open = dispatch;\n",
    'src/sandbox/dispatch.ts': "import { options } from '../options.js';\nexport const dispatch = options;\n",
    'src/options.ts': 'export const options = 1;\n',
    // a cycle
    'src/readings/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
    'src/readings/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
  };
  const tree = writeTree('mock-architecture-', files);
  afterAll(() => tree.remove());
  const root = tree.root;

  it.each([
    ['layer-state', 'src/state/store.ts', 'src/api/route.ts'],
    ['portable-imports-node', 'src/http/body.ts', 'fs'],
    ['portable-imports-node-package', 'src/http/multipart.ts', 'node_modules/busboy/index.js'],
    ['peer-faults-webhooks', 'src/faults/plan.ts', 'src/webhooks/hook.ts'],
    ['only-the-node-entry-imports-node', 'src/platform.ts', 'src/node/server.ts'],
    ['portable-entry-reaches-node', 'src/portable.ts', 'src/node/server.ts'],
    ['portable-entry-reaches-node', 'src/index.ts', 'src/node/server.ts'],
    ['portable-entry-reaches-node', 'src/msw.ts', 'src/node/server.ts'],
    ['only-the-msw-entry-imports-msw', 'src/api/mocked.ts', 'node_modules/msw/index.js'],
    ['no-cycle', 'src/readings/a.ts', 'src/readings/b.ts'],
    ['layer-control', 'src/control/open.ts', 'src/sandbox/dispatch.ts'],
    ['layer-sandbox', 'src/sandbox/dispatch.ts', 'src/options.ts'],
  ])('%s fails %s importing %s', async (rule, from, to) => {
    const found = await violations(root);
    expect(found).toContain(`${rule}: ${from} -> ${to}`);
  });
});
