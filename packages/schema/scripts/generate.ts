/**
 * `generate`: spec/openapi.yaml → src/generated/* and openapi.json (design.md §2).
 * Everything written here carries a "generated — do not edit" header; CI regenerates and
 * fails when the committed files differ.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString, type SchemaObject } from 'openapi-typescript';
import ts from 'typescript';
import { checkMarkers, loadSpec, specPath } from '../../../spec/tools/markers.js';
import { importOf, literalWithRefs } from './literal.js';
import { zodSource } from './reading-zod.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'src/generated');
const HEADER = '// generated — do not edit. Source: spec/openapi.yaml. Regenerate with `pnpm generate`.\n';

function write(path: string, body: string): void {
  writeFileSync(path, HEADER + body.replace(/^\s+/, ''));
}

// biome-ignore lint/suspicious/noExplicitAny: hey-api does not export its resolver context and result types.
function objectWithAdditionalProperties(ctx: any): any {
  const { schema, $, symbols } = ctx;
  if (!schema.properties || Object.keys(schema.properties).length === 0) return undefined;
  const extra = schema.additionalProperties?.type;
  if (extra !== undefined && extra !== 'never' && extra !== 'unknown') return undefined;
  const kind = extra === 'never' ? 'strictObject' : 'looseObject';
  return $(symbols.z).attr(kind).call(ctx.nodes.shape(ctx));
}

/**
 * A binary string (`format: binary`, the upload's `file`, §4.2) is a Blob in code, not a string:
 * `z.instanceof(Blob)` (a File is a Blob).
 */
// biome-ignore lint/suspicious/noExplicitAny: hey-api does not export its resolver context and result types.
function binaryAsBlob(ctx: any): any {
  if (ctx.schema.format !== 'binary') return undefined;
  return ctx.$(ctx.symbols.z).attr('instanceof').call(ctx.$('Blob'));
}

const spec = loadSpec();
const { markers, problems } = checkMarkers(spec);
if (problems.length > 0) {
  throw new Error(`The spec has malformed x-unspecified markers; run the spec lint:\n${problems.join('\n')}`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// 1. Types (openapi-typescript); a binary string (the upload's `file`, §4.2) is a Blob (a File is one).
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
const ast = await openapiTS(new URL(`file://${specPath}`), {
  alphabetize: false,
  transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
});
write(join(out, 'types.ts'), astToString(ast));

// 2. Zod schemas (@hey-api/openapi-ts, zod plugin; offsets accepted in date-times).
await createClient({
  input: specPath,
  output: { path: join(out, 'zod'), postProcess: [] },
  plugins: [
    {
      name: 'zod',
      dates: { offset: true },
      // JSON Schema objects are open unless `additionalProperties: false`; zod's z.object strips
      // unknown keys, so emit looseObject (open) or strictObject (closed) to accept what the spec accepts.
      '~resolvers': { object: objectWithAdditionalProperties, string: binaryAsBlob },
    },
  ],
  logs: { level: 'silent' },
});
for (const file of readdirSync(join(out, 'zod'))) {
  const path = join(out, 'zod', file);
  write(path, readFileSync(path, 'utf8'));
}

// 3. The meaning of readings, emitted once: one export per unknown (`<id in camelCase>Meaning`), so
// that a bundle keeps only the meaning it uses. The registry and the bundled document below refer to
// these exports (the same objects) instead of repeating them.
const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const meaningRefs = new Map<object, string>(
  markers.flatMap(({ id, meaning }) => (meaning ? [[meaning, `${camel(id)}Meaning`] as const] : [])),
);
write(
  join(out, 'meaning.ts'),
  `/** The machine-readable meaning of readings, one export per unknown (\`<id in camelCase>Meaning\`). */\n` +
    [...meaningRefs]
      .map(([meaning, name]) => `export const ${name} = ${JSON.stringify(meaning, null, 2)} as const;\n`)
      .join('\n'),
);

// 3a. The unknowns registry: every marker with its JSON Pointer, keyed by id, with the meaning of
// its readings (words, media types, JSON Schemas of bodies) where the spec gives it.
const registry = Object.fromEntries(
  markers.map(({ id, pointer, source, says, note, noReadings, readings, mock, meaning, describedIn }) => [
    id,
    {
      id,
      pointer,
      source,
      says,
      ...(note ? { note } : {}),
      ...(noReadings ? { noReadings } : {}),
      ...(readings ? { readings, mock } : {}),
      ...(meaning ? { meaning } : {}),
      ...(describedIn ? { describedIn } : {}),
    },
  ]),
);
const registrySource = `export const unspecified = ${literalWithRefs(registry, meaningRefs)} as const;\n`;
write(
  join(out, 'unspecified.ts'),
  `/**\n * Every \`x-unspecified\` marker of the spec, keyed by id, with the JSON Pointer of its node and\n` +
    ` * the machine-readable \`meaning\` of its readings where the spec gives one (from meaning.ts).\n */\n` +
    importOf(registrySource, meaningRefs, './meaning.js') +
    registrySource,
);

// 3b. Types of the bodies that readings produce: each reading schema as a component named
// `<id>.<reading>` of a small document of their own, through openapi-typescript as above.
// The spec lint has checked each schema against the JSON Schema subset it accepts (spec/tools/meaning.ts).
const readingSchemas: Record<string, SchemaObject> = Object.fromEntries(
  markers.flatMap(({ id, meaning }) =>
    Object.entries(meaning ?? {}).flatMap(([reading, { schema }]) =>
      schema ? [[`${id}.${reading}`, schema as SchemaObject]] : [],
    ),
  ),
);
const bodiesAst = await openapiTS(
  {
    openapi: '3.1.0',
    info: { title: 'reading bodies', version: '0' },
    paths: {},
    components: { schemas: readingSchemas },
  },
  { alphabetize: false },
);
write(
  join(out, 'reading-bodies.ts'),
  `/** Types of the bodies that readings produce, from the JSON Schemas of their \`meaning\` in the spec. */\n${astToString(bodiesAst)}`,
);

// 3c. Zod schemas of the same bodies, keyed by id and reading (reading-zod.ts).
const readingZod = markers
  .filter(({ meaning }) => meaning && Object.values(meaning).some((m) => m.schema !== undefined))
  .map(({ id, meaning = {} }) => {
    const entries = Object.entries(meaning).map(
      ([reading, { schema }]) => `    ${JSON.stringify(reading)}: ${zodSource(schema ?? {}, '    ')},`,
    );
    return `  ${JSON.stringify(id)}: {\n${entries.join('\n')}\n  },`;
  });
write(
  join(out, 'reading-schemas.ts'),
  `/** Zod schemas of the bodies that readings produce, from the JSON Schemas of their \`meaning\` in the spec. */\n` +
    `import * as z from 'zod';\n\nexport const readingSchemas = {\n${readingZod.join('\n')}\n} as const;\n`,
);

// 4. The bundled spec (no external references, so bundling is a faithful conversion); in the
// TypeScript module, the markers' meaning refers to meaning.ts.
const json = `${JSON.stringify(spec, null, 2)}\n`;
writeFileSync(join(root, 'openapi.json'), json);
const documentSource = `export const openapiDocument: Record<string, unknown> = ${literalWithRefs(spec, meaningRefs)};\n`;
write(
  join(out, 'openapi.ts'),
  `/** The bundled OpenAPI 3.1 document, as a plain object. */\n` +
    importOf(documentSource, meaningRefs, './meaning.js') +
    documentSource,
);

console.log(`generated: types, zod, ${markers.length} unknowns, bundled spec → ${out}`);
