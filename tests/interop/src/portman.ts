/**
 * Portman turns a resolved document into a Postman collection with contract tests. The settings are
 * portman-config.json beside this package (videoKey from create's answer, the token, a real file in
 * the upload); one thing is added per document: a test of each operation's exact success status
 * (Portman's own `statusSuccess` accepts any 2xx, which cannot tell `all-200` from `semantic`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustRunNode } from './command.js';
import type { Operation } from './operations.js';
import { portmanEntries } from './tools.js';

const BASE_CONFIG = fileURLToPath(new URL('../portman-config.json', import.meta.url));

interface PortmanConfig {
  tests: { contractTests: Array<Record<string, unknown>> };
}

export interface CollectionItem {
  name: string;
  item?: CollectionItem[];
  request?: { method: string; url: { path?: string[] } };
  event?: Array<{ listen: string; script: { exec: string[] } }>;
}

export interface Collection {
  item: CollectionItem[];
}

/** The config file for `operations`: the base config plus an exact-status test per operation. */
function writeConfig(operations: Operation[], file: string): void {
  const config = JSON.parse(readFileSync(BASE_CONFIG, 'utf8')) as PortmanConfig;
  for (const operation of operations) {
    config.tests.contractTests.push({
      openApiOperationId: operation.id,
      statusCode: { enabled: true, code: operation.success },
    });
  }
  writeFileSync(file, JSON.stringify(config, null, 2));
}

/**
 * Runs Portman on `file` in `dir` (it writes a `tmp/` folder there) with an exact-status test for each
 * of `operations`; returns the collection's path.
 */
export async function generateCollection(
  file: string,
  operations: Operation[],
  dir: string,
): Promise<string> {
  const name = basename(file).replace(/\.(json|ya?ml)$/, '');
  const config = join(dir, `portman-config.${name}.json`);
  const output = join(dir, `collection.${name}.json`);
  writeConfig(operations, config);
  const { portman } = await portmanEntries();
  await mustRunNode([portman, '-l', file, '-c', config, '-o', output, '--syncPostman', 'false'], dir);
  return output;
}

/** Every request of `collection` (folders flattened). */
export function requestsOf(collection: Collection): CollectionItem[] {
  return collection.item.flatMap((item) => (item.item ? requestsOf({ item: item.item }) : [item]));
}

/** The number of `pm.test(` calls in the test scripts of `item`. */
export function testCount(item: CollectionItem): number {
  const scripts = (item.event ?? []).filter((event) => event.listen === 'test');
  const code = scripts.flatMap((event) => event.script.exec).join('\n');
  return code.match(/pm\.test\(/g)?.length ?? 0;
}

/** The request of `operation` in the collection: same method, same path (`{x}` is Postman's `:x`). */
export function requestFor(collection: Collection, operation: Operation): CollectionItem | undefined {
  const path = operation.path.replace(/\{([^}]+)\}/g, ':$1').replace(/^\//, '');
  return requestsOf(collection).find(
    (item) => item.request?.method === operation.method && item.request.url.path?.join('/') === path,
  );
}
