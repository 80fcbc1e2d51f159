/**
 * The msw section of the README: its vitest recipe is test/msw/readme-recipe.test.ts (so it is
 * type-checked and run), and every option videoApiHandlers accepts is documented.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { videoApiHandlers } from '../../src/msw.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## In tests, with msw'), readme.indexOf('\n## Options'));

/** The options videoApiHandlers accepts, as its own error message lists them. */
function acceptedOptions(): string[] {
  try {
    videoApiHandlers({ baseUrl: 'https://a.test', notAnOption: true } as never);
  } catch (error) {
    const list = /accepted: ([^)]*)\)/.exec((error as Error).message)?.[1];
    if (list) return list.split(', ');
  }
  throw new Error('videoApiHandlers accepted an unknown option');
}

describe('the msw section of the README', () => {
  it('shows the vitest recipe that test/msw/readme-recipe.test.ts runs, verbatim', () => {
    const recipe = readFileSync(new URL('./readme-recipe.test.ts', import.meta.url), 'utf8');
    const code = recipe.slice(recipe.indexOf('\n') + 1); // without its first line, a comment
    expect(section).toContain(`### Vitest (Node)\n\n\`\`\`ts\n${code}\`\`\``);
  });

  it.each(acceptedOptions())('documents the option %s', (name) => {
    expect(readme.includes(`\`${name}\``), `the README names the option \`${name}\``).toBe(true);
  });

  it('says which majors of msw the tests run', () => {
    expect(section).toMatch(/msw 2\.13 .* and msw 3\.0\.5/s);
  });
});
