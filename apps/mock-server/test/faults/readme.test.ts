import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { faultRoutes } from '../../src/control/fault-routes.js';
import { createFaults, FAULT_HEADER } from '../../src/faults/create-faults.js';
import { ACCEPTED_RULE_FIELDS } from '../../src/faults/rule-schema.js';
import { adminProblem, expectDocumentedProblem } from '../support/admin-problem.js';

const readme = readFileSync(new URL('../../src/faults/README.md', import.meta.url), 'utf8');

describe('the faults README', () => {
  it.each(Object.keys(ACCEPTED_RULE_FIELDS))('documents the rule member %s', (member) => {
    expect(readme).toContain(`| \`${member}\` |`);
  });

  it('names the header of injected responses', () => {
    expect(readme).toContain(`\`${FAULT_HEADER}: <kind>\``);
  });

  it('documents the admin error body the routes answer, problem+json, not the old one', async () => {
    const app = new Hono().route('/__mock/faults', faultRoutes(createFaults({ seed: 1 })));
    const json = await adminProblem(
      await app.request('/__mock/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"errorRate": 1.5}',
      }),
      400,
      'validation-failed',
    );
    expectDocumentedProblem(
      readme,
      json,
      ['validation-failed', 'unsupported-media-type', 'payload-too-large'],
      /"where"|invalid-fault-rule|Invalid request:/,
    );
  });
});
