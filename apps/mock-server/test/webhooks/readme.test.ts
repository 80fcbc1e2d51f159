import { readFileSync } from 'node:fs';
import { readingsOf } from '@video-api/schema/unspecified';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, WEBHOOK_HEADERS, WEBHOOK_READING_IDS } from '../../src/webhooks/index.js';

const readme = readFileSync(new URL('../../src/webhooks/README.md', import.meta.url), 'utf8');

describe('the webhooks README', () => {
  it.each(Object.values(WEBHOOK_HEADERS))('documents the header %s', (name) => {
    expect(readme).toContain(`\`${name}\``);
  });

  it.each(Object.values(WEBHOOK_READING_IDS))('documents every reading of %s', (id) => {
    expect(readme).toContain(`\`${id}\``);
    for (const reading of readingsOf(id))
      expect(readme).toMatch(new RegExp(`\\| (\\*\\*)?${reading}(\\*\\*)? \\|`));
  });

  it('states the default retry policy the code uses', () => {
    expect(readme).toContain(`Up to ${DEFAULT_RETRY.attempts} attempts`);
    expect(readme).toContain(`up to ${DEFAULT_RETRY.maxMs / 1000} s`);
    expect(readme).toContain(`${DEFAULT_RETRY.baseMs / 2}–${DEFAULT_RETRY.baseMs} ms`);
  });
});
