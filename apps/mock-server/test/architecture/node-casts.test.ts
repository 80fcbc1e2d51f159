/**
 * The platform seam holds in the code, not only in the imports: outside src/node/, no file names a
 * Node type or reaches the raw request @hono/node-server passes (`env.incoming`), neither by a
 * type-only mention (which imports nothing, so dependency-cruiser cannot see it) nor by a cast to
 * a duck-typed stand-in of one. What the core needs of the host is `HostRequest`
 * (src/http/context.ts). A generated tree of deliberately wrong files shows each pattern caught.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTree } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** What names or stands in for a Node type in code (comments aside). */
const NODE_REACH: readonly [string, RegExp][] = [
  [
    'node-type',
    /\b(IncomingMessage|ServerResponse|Http2ServerRequest|NodeJS\.|Buffer\b|Readable\b|Socket\b)/,
  ],
  ['raw-node-request', /\bincoming\b/],
  [
    'duck-typed-node-object',
    /\bas\s+\{[^}]*\b(socket|rawHeaders|readableDidRead|readableEnded|pipe|resetAndDestroy)\b/,
  ],
  ['cast-of-bindings-to-a-literal-type', /\benv\s+as\s+\{/],
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each `pattern: file:line` of src/ outside src/node/ under `root`. */
function nodeReach(root: string): string[] {
  const src = join(root, 'src');
  const found: string[] = [];
  for (const file of filesUnder(src)) {
    const name = relative(root, file).split('\\').join('/');
    if (name.startsWith('src/node/')) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const code = line.replace(/\/\/.*$/, '').trim();
        if (code.startsWith('*') || code.startsWith('/*')) return;
        for (const [pattern, regex] of NODE_REACH) {
          if (regex.test(code)) found.push(`${pattern}: ${name}:${index + 1}`);
        }
      });
  }
  return found;
}

describe('the platform seam of the mock', () => {
  it('outside src/node/, no code names a Node type or casts to a stand-in of one (0 casts)', () => {
    expect(nodeReach(packageDir)).toEqual([]);
  });
});

describe('the check catches what it is for', () => {
  const tree = writeTree('mock-node-casts-', {
    'src/http/json-body.ts':
      "import type { Context } from 'hono';\nexport const incomingOf = (c: Context) => (c.env as { incoming?: unknown }).incoming;\n",
    'src/http/request-headers.ts':
      "import type { IncomingMessage } from 'node:http';\nexport type Raw = IncomingMessage['rawHeaders'];\n",
    'src/http/network-fault.ts':
      'export const reset = (x: unknown) => (x as { socket: { resetAndDestroy(): void } }).socket.resetAndDestroy();\n',
    'src/api/receive-upload.ts': 'export const bytes = (chunk: unknown) => chunk as Buffer;\n',
    // the same inside src/node/ is the Node adapters' business, and a comment names what it likes
    'src/node/host-request.ts':
      "import type { IncomingMessage } from 'node:http';\nexport const of = (env: { incoming: IncomingMessage }) => env.incoming;\n",
    'src/http/context.ts':
      '/** Node serves it with an IncomingMessage, `env.incoming`. */\nexport const ok = 1;\n',
  });
  afterAll(() => tree.remove());

  it.each([
    ['raw-node-request', 'src/http/json-body.ts:2'],
    ['cast-of-bindings-to-a-literal-type', 'src/http/json-body.ts:2'],
    ['node-type', 'src/http/request-headers.ts:1'],
    ['duck-typed-node-object', 'src/http/network-fault.ts:1'],
    ['node-type', 'src/api/receive-upload.ts:1'],
  ])('%s is found at %s', (pattern, at) => {
    expect(nodeReach(tree.root)).toContain(`${pattern}: ${at}`);
  });

  it('leaves src/node/ and comments alone', () => {
    const found = nodeReach(tree.root);
    expect(found.filter((hit) => hit.includes('src/node/') || hit.includes('context.ts'))).toEqual([]);
  });
});
