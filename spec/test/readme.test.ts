/** spec/README.md lists the markers as they are: its unknowns section is the one the markers render. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmePath, renderUnknowns, withUnknowns } from '../tools/readme-table.js';

describe('spec/README.md', () => {
  it('holds the unknowns section the markers render (run `pnpm --filter @video-api/spec run readme`)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(withUnknowns(readme)).toBe(readme);
    expect(readme).toContain(renderUnknowns());
  });
});
