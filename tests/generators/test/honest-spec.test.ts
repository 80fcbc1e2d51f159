/**
 * The honest spec (spec/openapi.yaml, `2XX` statuses, `*∕*` bodies, server templates) generates code
 * that compiles in strict mode with each generator; where an upstream bug stops it, the test pins
 * the bug's errors and that its one-line workaround (docs/recipes.md) makes the output compile.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATORS } from '../src/generators.js';
import { generate, type Project, typecheck } from '../src/workspace.js';

const HONEST = fileURLToPath(new URL('../../../spec/openapi.yaml', import.meta.url));
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

describe.each(GENERATORS)('$name $version on the honest spec', (generator) => {
  it('generates code that compiles in strict mode', async () => {
    const project = await generate(generator, HONEST, false);
    projects.push(project);
    const workaround = generator.honestWorkaround;
    if (workaround === undefined) {
      expect(await typecheck(project)).toEqual([]);
      return;
    }
    const errors = await typecheck(project);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((line) => !workaround.bug.test(line))).toEqual([]);
    for (const file of sources(join(project.dir, generator.name))) {
      writeFileSync(file, workaround.fix(readFileSync(file, 'utf8')));
    }
    expect(await typecheck(project)).toEqual([]);
  });
});
