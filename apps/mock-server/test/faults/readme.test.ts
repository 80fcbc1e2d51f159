import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_RULE_FIELDS, FAULT_HEADER } from '../../src/faults/index.js';

const readme = readFileSync(new URL('../../src/faults/README.md', import.meta.url), 'utf8');

describe('the faults README', () => {
  it.each(Object.keys(ACCEPTED_RULE_FIELDS))('documents the rule member %s', (member) => {
    expect(readme).toContain(`| \`${member}\` |`);
  });

  it('names the header of injected responses', () => {
    expect(readme).toContain(`\`${FAULT_HEADER}: <kind>\``);
  });
});
