/**
 * The fault admin API, mounted at `/__mock/faults`: GET lists the rules, PUT replaces them (and
 * restarts the seeded sequence), POST adds one, DELETE clears them. Bad input is answered as every
 * admin error is (problem+json, `issues`, `accepted`); nothing is changed then.
 */
import type { Hono } from 'hono';
import { ACCEPTED_RULE_FIELDS, validateRule, validateRules } from '../faults/rule-schema.js';
import type { Faults } from '../faults/types.js';
import type { MockEnv } from '../http/context.js';
import { adminApp } from './admin-app.js';
import { invalidInput, jsonInput } from './inputs.js';

const ACCEPTED = {
  rule: ACCEPTED_RULE_FIELDS,
  example: { route: 'getVideo', errorRate: 0.5, errorStatus: 503, times: 10 },
};
const RULES = 'a JSON array of fault rules (or {"rules": [...]}); the members of a rule are in `accepted`';
const RULE = 'one JSON fault rule; its members are in `accepted`';

/**
 * Hono routes that control `faults` over HTTP.
 *
 * @example
 * app.route('/__mock/faults', faultRoutes(faults));
 * // curl -X POST localhost:4010/__mock/faults -H 'content-type: application/json' -d '{"route":"getVideo","latencyMs":500}'
 */
export function faultRoutes(faults: Faults): Hono<MockEnv> {
  const routes = adminApp();
  routes.get('/', async (c) => {
    await faults.refresh(); // a shared store's rules, uses of every instance counted
    return c.json({ rules: faults.list() });
  });
  routes.put('/', async (c) => {
    const rules = validateRules(await jsonInput(c, 'The fault rules body', RULES, ACCEPTED));
    if (!rules.ok) throw invalidInput('The fault rules body', RULES, rules.issues, ACCEPTED);
    faults.set(rules.value);
    await faults.saved();
    return c.json({ rules: faults.list() });
  });
  routes.post('/', async (c) => {
    const rule = validateRule(await jsonInput(c, 'The fault rule body', RULE, ACCEPTED));
    if (!rule.ok) throw invalidInput('The fault rule body', RULE, rule.issues, ACCEPTED);
    faults.add(rule.value);
    await faults.saved();
    return c.json({ rules: faults.list() }, 201);
  });
  routes.delete('/', async (c) => {
    faults.clear();
    await faults.saved();
    return c.json({ rules: faults.list() });
  });
  return routes;
}
