/**
 * Faults on demand (design §3): latency, injected errors, 429 with Retry-After, connection resets
 * and slow upload reading, per route, seeded and reproducible. See README.md in this folder.
 */
export { createFaults, FAULT_HEADER } from './create-faults.js';
export { routeMatches } from './matching.js';
export { createPacer, type Pacer, pacedStream } from './pace.js';
export { ACCEPTED_RULE_FIELDS, validateRule, validateRules, zFaultRule } from './rule-schema.js';
export type { FaultKind, FaultPlan, FaultRule, Faults, FaultsOptions, RateLimitRule } from './types.js';
