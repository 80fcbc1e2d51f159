/**
 * The generators a team may already use, each at its current version and in its documented default
 * setup (its CLI with an input and an output, nothing else), installed once into the per-user tool
 * cache with the runtime its output imports. `generated` is where the steps file imports the output.
 */

/** One generator: what to install, and the command that writes a client for `spec` into `out`. */
export interface Generator {
  name: string;
  version: string;
  /** Exact packages installed into the tool cache: the generator, its client's runtime, @types/node. */
  packages: string[];
  /** The generator's bin, relative to the install's node_modules. */
  bin: string;
  /** CLI arguments for `spec` into the folder `out` (the steps file imports from `out`). */
  args(spec: string, out: string): string[];
  /**
   * An upstream bug that stops the honest spec's output compiling (docs/recipes.md), none when the
   * output compiles as generated: the error it gives, the generated line that error points at, the
   * smallest valid document that shows it (a fixture of this package) and its one-line workaround.
   */
  honestWorkaround?: UpstreamBug;
}

/** An upstream bug on a valid OpenAPI 3.1 construct, and its one-line workaround. */
export interface UpstreamBug {
  /** The compiler error it gives. */
  bug: RegExp;
  /** The generated line each such error points at. */
  line: RegExp;
  /** The smallest valid document that shows it (under fixtures/), and that document with the construct written as the generator handles it. */
  minimal: { file: string; handled: (yaml: string) => string };
  fix: (code: string) => string;
}

/** @types/node, for the steps files (they read the mock's address from the environment). */
const TYPES_NODE = '@types/node@20.19.43';

export const GENERATORS: Generator[] = [
  {
    name: 'oazapfts',
    version: '7.5.0',
    packages: ['oazapfts@7.5.0', '@oazapfts/runtime@1.2.0', TYPES_NODE],
    bin: 'oazapfts/dist/cli.js',
    args: (spec, out) => [spec, `${out}/api.ts`],
    // oazapfts writes every response key but `default` as a number literal: `status: 2XX` (a range
    // key, OpenAPI 3.1's only way to say "a success of a status not shown") is not TypeScript
    // (TS1351). Typed as a number instead, the rest compiles.
    honestWorkaround: {
      bug: /error TS1351: An identifier or keyword cannot immediately follow a numeric literal/,
      line: /^\s*status: [1-5]XX;$/,
      minimal: { file: 'range-status.yaml', handled: (yaml) => yaml.replace(/^(\s*)2XX:/m, '$1200:') },
      fix: (code) => code.replaceAll(/status: ([1-5])XX;/g, 'status: number;'),
    },
  },
  {
    name: 'hey-api',
    version: '0.99.0',
    // typescript: a peer it loads at generation (without it: "reading 'AnyKeyword'" of undefined).
    packages: ['@hey-api/openapi-ts@0.99.0', 'typescript@5.9.3', TYPES_NODE],
    bin: '@hey-api/openapi-ts/bin/run.js',
    args: (spec, out) => ['-i', spec, '-o', out],
  },
  {
    name: 'orval',
    version: '8.38.0',
    packages: ['orval@8.38.0', 'axios@1.21.1', TYPES_NODE],
    bin: 'orval/dist/bin/orval.mjs',
    args: (spec, out) => ['--input', spec, '--output', `${out}/api.ts`],
  },
  {
    name: 'swagger-typescript-api',
    version: '13.13.0',
    packages: ['swagger-typescript-api@13.13.0', TYPES_NODE],
    bin: 'swagger-typescript-api/dist/cli.mjs',
    args: (spec, out) => ['generate', '-p', spec, '-o', out, '-n', 'api.ts'],
  },
  {
    name: 'openapi-typescript',
    version: '7.13.0',
    packages: ['openapi-typescript@7.13.0', 'openapi-fetch@0.17.0', TYPES_NODE],
    bin: 'openapi-typescript/bin/cli.js',
    args: (spec, out) => [spec, '-o', `${out}/schema.d.ts`],
  },
];
