import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consumerOptions, typecheck } from './support/typecheck.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The README's JavaScript snippets, each a module a user may save and run (or compile). */
const snippets = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);

describe('the README', () => {
  it('has its snippets', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(8);
  });

  it('has snippets that typecheck as TypeScript, under strict and exactOptionalPropertyTypes', () => {
    const files = Object.fromEntries(snippets.map((code, i) => [`snippet-${i + 1}.mts`, code]));
    const diagnostics = typecheck(files, { ...consumerOptions, exactOptionalPropertyTypes: true });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
