/**
 * The honest spec (spec/openapi.yaml, `2XX` statuses, `*∕*` bodies, server templates) generates code
 * that compiles in strict mode with each generator, as generated. Where an upstream bug stops it
 * (oazapfts: a range status key), the test proves the bug is the generator's: every error is that
 * bug at a line the range key wrote, the smallest valid document with a range key fails the same
 * way and compiles once the key is an exact code, and the one-line workaround (docs/recipes.md)
 * makes the honest spec's output compile.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATORS, type Generator, type UpstreamBug } from '../src/generators.js';
import { structureProblems } from '../src/structure.js';
import { errorSources, generate, type Project, typecheck } from '../src/workspace.js';

const HONEST = fileURLToPath(new URL('../../../spec/openapi.yaml', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const projects: Project[] = [];
afterAll(() => {
  for (const project of projects) project.remove();
});

/** Every .ts file under `dir`. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });

/** Generates for `spec` and type-checks: the errors, and the generated lines they point at. */
async function compile(generator: Generator, spec: string) {
  const project = await generate(generator, spec, false);
  projects.push(project);
  const errors = await typecheck(project);
  return { project, errors, lines: errorSources(project, errors) };
}

/** Every error is the bug's, at a line the bug writes; there is at least one. */
function expectOnlyTheBug(bug: UpstreamBug, errors: string[], lines: string[]): void {
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.filter((error) => !bug.bug.test(error))).toEqual([]);
  expect(lines.filter((line) => !bug.line.test(line))).toEqual([]);
}

const plain = GENERATORS.filter((generator) => generator.honestWorkaround === undefined);
const buggy = GENERATORS.flatMap((generator) =>
  generator.honestWorkaround ? [{ generator, bug: generator.honestWorkaround }] : [],
);

describe.each(plain)('$name $version on the honest spec', (generator) => {
  it('generates code that compiles in strict mode, with no workaround', async () => {
    expect((await compile(generator, HONEST)).errors).toEqual([]);
  });
});

describe.each(buggy)('$generator.name $generator.version on the honest spec', ({ generator, bug }) => {
  it('fails only by its upstream bug, which the one-line workaround removes', async () => {
    const { project, errors, lines } = await compile(generator, HONEST);
    expectOnlyTheBug(bug, errors, lines);
    for (const file of sources(join(project.dir, generator.name))) {
      writeFileSync(file, bug.fix(readFileSync(file, 'utf8')));
    }
    expect(await typecheck(project)).toEqual([]);
  });

  it('fails the same way on the smallest valid document with the construct, and compiles without it', async () => {
    const minimal = join(FIXTURES, bug.minimal.file);
    expect(await structureProblems(minimal)).toEqual([]);
    const { project, errors, lines } = await compile(generator, minimal);
    expectOnlyTheBug(bug, errors, lines);

    const handled = join(project.dir, `handled-${bug.minimal.file}`);
    writeFileSync(handled, bug.minimal.handled(readFileSync(minimal, 'utf8')));
    expect(readFileSync(handled, 'utf8')).not.toEqual(readFileSync(minimal, 'utf8'));
    expect(await structureProblems(handled)).toEqual([]);
    expect((await compile(generator, handled)).errors).toEqual([]);
  });
});
