/**
 * The fault admin API, mounted by the app at `/__mock/faults`:
 * GET lists the rules, PUT replaces them (and restarts the seeded sequence), POST adds one,
 * DELETE clears them. Bad input gets a 400 that names the problem (413 for a body over 1 MiB, 415
 * for one that is not JSON); nothing is changed then.
 */
import { Hono } from 'hono';
import { badRequest, readJson, unreadableBody } from '../faults/bad-request.js';
import { ACCEPTED_RULE_FIELDS, validateRule, validateRules } from '../faults/rule-schema.js';
import type { Faults } from '../faults/types.js';

const ACCEPTED = {
  rule: ACCEPTED_RULE_FIELDS,
  example: { route: 'getVideo', errorRate: 0.5, errorStatus: 503, times: 10 },
};

/**
 * Hono routes that control `faults` over HTTP.
 *
 * @example
 * app.route('/__mock/faults', faultAdminRoutes(faults));
 * // curl -X POST localhost:4010/__mock/faults -H 'content-type: application/json' -d '{"route":"getVideo","latencyMs":500}'
 */
export function faultAdminRoutes(faults: Faults): Hono {
  const routes = new Hono();
  routes.get('/', (c) => c.json({ rules: faults.list() }));
  routes.put('/', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return unreadableBody(c, body, { ...ACCEPTED, body: 'a JSON array of rules' });
    const rules = validateRules(body.value);
    if (!rules.ok) return badRequest(c, 'invalid-fault-rules', rules.issues, ACCEPTED);
    faults.set(rules.value);
    return c.json({ rules: faults.list() });
  });
  routes.post('/', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return unreadableBody(c, body, { ...ACCEPTED, body: 'one JSON rule' });
    const rule = validateRule(body.value);
    if (!rule.ok) return badRequest(c, 'invalid-fault-rule', rule.issues, ACCEPTED);
    faults.add(rule.value);
    return c.json({ rules: faults.list() }, 201);
  });
  routes.delete('/', (c) => {
    faults.clear();
    return c.json({ rules: faults.list() });
  });
  return routes;
}
