/**
 * `generate` (second step): the resolved document of the default readings (the ones the mock
 * plays), shipped as `openapi.resolved.json` for generic OpenAPI tools. Runs after generate.ts,
 * from the registry and bundled document it wrote; CI fails when the committed file differs.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolveSpec } from '../src/resolve/index.js';

const file = fileURLToPath(new URL('../openapi.resolved.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(resolveSpec().document, null, 2)}\n`);
console.log(`generated: the resolved document of the default readings → ${file}`);
