/**
 * The README's Security section says what the code does: the warning and the refusal it quotes are
 * the code's own words, `GET /__mock/access` has the members it shows, and every flag of its
 * defaults table is one the CLI takes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/node/cli/cli-args.js';
import { createApp } from '../../src/node/index.js';
import { exposureWarning } from '../../src/node/server/default-hosts.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(
  readme.indexOf('## Security: safe to leave running'),
  readme.indexOf('\n## Behaviour worth knowing'),
);
/** The section's prose with line breaks and list indentation as single spaces. */
const prose = section.replace(/\s+/g, ' ');

describe('the Security section of the README', () => {
  it('quotes the exposure warning as the mock logs it', () => {
    const warning = exposureWarning('0.0.0.0', undefined, 'http://0.0.0.0:4010');
    expect(warning).toBeDefined();
    expect(prose).toContain(`\`${warning}\``);
  });

  it('shows the 403 the admin API gives another origin, as the mock answers it', async () => {
    const app = createApp();
    const answer = await app.request('http://127.0.0.1:4010/__mock/reset', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    const body = (await answer.json()) as Record<string, unknown>;
    expect([answer.status, answer.headers.get('x-mock-error')]).toEqual([403, 'origin-not-allowed']);
    for (const [name, value] of Object.entries(body))
      expect(prose).toContain(`"${name}":${JSON.stringify(value)}`);
    await app.mock.close();
  });

  it('shows the members GET /__mock/access answers', async () => {
    const app = createApp();
    const answer = await app.request('http://127.0.0.1:4010/__mock/access');
    const shown = JSON.parse(/```json\n(\{"adminToken".*\})\n```/.exec(section)?.[1] ?? '{}') as object;
    expect(Object.keys(shown)).toEqual(Object.keys((await answer.json()) as object));
    await app.mock.close();
  });

  it('names in its defaults table only flags the CLI takes', () => {
    const table = section.slice(section.indexOf('### The defaults'), section.indexOf('### What a refusal'));
    const flags = [...new Set(table.match(/--[a-z][a-z-]+/g))];
    expect(flags.length).toBeGreaterThan(4);
    for (const flag of flags) expect(USAGE, flag).toContain(`${flag} `);
  });
});
